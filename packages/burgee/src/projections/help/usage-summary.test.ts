import { describe, expect, it } from 'vitest';
import { command, option } from '../../manifest/fixtures.js';
import { deploy, program } from './fixtures.js';
import { toHelpData } from './help-data.js';
import { toUsageSummary } from './usage-summary.js';

describe('toUsageSummary', () => {
  it('E5 · the deploy usage: the help usage line and options spelled as help spells them, short letter first', () => {
    expect(toUsageSummary(program(), deploy)).toEqual({
      command: 'tool deploy [options]',
      options: [
        { name: '-t, --target <value>', description: 'where to deploy (required)' },
        { name: '--yes', description: 'skip the confirmation' },
      ],
    });
  });

  it('E5 · the command is the same usage line the help screen prints', () => {
    const manifest = program();
    for (const cmd of [manifest.root, deploy]) {
      expect(toUsageSummary(manifest, cmd).command).toBe(toHelpData(manifest, cmd).usage);
    }
  });

  it('E5 · a group lists its visible, current commands and no options key', () => {
    const manifest = program();
    expect(toUsageSummary(manifest, manifest.root)).toEqual({
      command: 'tool <command>',
      commands: [
        { name: 'deploy', description: 'Deploy a build' },
        { name: 'status', description: 'Show what is deployed' },
      ],
    });
  });

  it('E5 · at most 8 rows: required options first, then commands, then the other options', () => {
    const optional = Array.from({ length: 6 }, (_, i) => option(`o${i}`, 'string'));
    const required = [option('need', 'string', { required: true }), option('must', 'number', { required: true })];
    const children = Array.from({ length: 5 }, (_, i) => command(['x', `c${i}`]));
    const hidden = option('ghost', 'string', { hidden: true, required: true });
    const cmd = command(['x'], { options: [...optional, hidden, ...required], commands: children });
    const summary = toUsageSummary(program(), cmd);
    expect(summary.options?.map((row) => row.name)).toEqual(['--need <value>', '--must <n>', '--o0 <value>']);
    expect(summary.commands?.map((row) => row.name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('E5 · each option row is the spelling help gives it', () => {
    const manifest = program();
    const help = toHelpData(manifest, deploy).options.map((row) => row.flags);
    expect(toUsageSummary(manifest, deploy).options?.map((row) => row.name)).toEqual(help);
  });

  it('E5 · negatable booleans on by default are named --[no-]x', () => {
    const cmd = command(['x'], { options: [option('color', 'boolean', { default: true })] });
    expect(toUsageSummary(program(), cmd).options).toEqual([{ name: '--[no-]color', description: '' }]);
  });
});
