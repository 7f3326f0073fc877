import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram, toProgram } from '../declaration/define.js';
import { runProgram } from '../testing/index.js';
import { buildManifest } from './build.js';

describe('buildManifest', () => {
  it('D1 · takes a single command as run does: the manifest of a program of that one command', () => {
    const greet = defineCommand({
      name: 'greet',
      effects: 'read_only',
      fields: ['name'],
      options: { name: { type: 'string' } },
      run: () => [],
    });
    const manifest = buildManifest(greet);
    expect(manifest).toEqual(buildManifest(toProgram(greet)));
    expect(manifest.name).toBe('greet');
    expect(manifest.root).toMatchObject({ path: [], name: 'greet', runnable: true, fields: ['name'] });
    const program = buildManifest(defineProgram({ name: 'tool', version: '1.0.0', commands: [greet] }));
    expect(program.root.commands.map((c) => c.path)).toEqual([['greet']]);
    expect(program.version).toBe('1.0.0');
  });
});

describe('env: false', () => {
  const deploy = defineCommand({
    name: 'deploy',
    effects: 'non_idempotent',
    options: { yes: { type: 'boolean', env: false }, region: { type: 'string' } },
    run: (ctx) => ({ yes: ctx.options.yes ?? false }),
  });
  const program = defineProgram({ name: 'tool', envPrefix: 'TOOL', commands: [deploy] });

  it('D3 · keeps an option out of envPrefix: no variable is read, none is shown', async () => {
    const [yes, region] = buildManifest(program).root.commands[0]!.options;
    expect(yes).not.toHaveProperty('env');
    expect(region?.env).toBe('TOOL_REGION');
    const run = await runProgram(program, ['deploy', '--json'], { env: { TOOL_YES: '1' } });
    expect(run.json).toMatchObject({ ok: true, data: { yes: false } });
    const help = await runProgram(program, ['deploy', '--help']);
    expect(help.stdout).toContain('[env: TOOL_REGION]');
    expect(help.stdout).not.toContain('TOOL_YES');
  });

  it('P5 · --explain of such an option lists the flag and default layers only', async () => {
    const explain = await runProgram(program, ['deploy', '--explain', 'yes'], { env: { TOOL_YES: '1' } });
    expect(explain.exitCode).toBe(0);
    expect(explain.stdout).toBe('--yes has no value\n  flag    --yes  (not set)\n  default        (not set)\n');
  });
});
