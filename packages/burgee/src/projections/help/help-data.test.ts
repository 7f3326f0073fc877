import { describe, expect, it } from 'vitest';
import { argument, command, option } from '../../manifest/fixtures.js';
import { deploy, program } from './fixtures.js';
import { toHelpData } from './help-data.js';

describe('toHelpData', () => {
  it('H2 · the data form of the deploy help', () => {
    expect(toHelpData(program(), deploy)).toEqual({
      usage: 'tool deploy [options]',
      description: 'Deploy a build',
      arguments: [],
      options: [
        { flags: '-t, --target <value>', description: 'where to deploy', required: true },
        { flags: '--yes', description: 'skip the confirmation', required: false },
      ],
      commands: [],
      examples: [],
      globalOptions: [
        { flags: '--json', description: 'print one JSON envelope' },
        { flags: '--explain <option>', description: "show where an option's value comes from; runs nothing" },
        { flags: '-h, --help', description: 'show help' },
      ],
    });
  });

  it('H2 · root data: program description, visible commands with summaries, root-only globals', () => {
    const manifest = program({ version: '1.0.0' });
    const data = toHelpData(manifest, manifest.root);
    expect(data.description).toBe('Ship builds');
    expect(data.commands).toEqual([
      { name: 'deploy', summary: 'Deploy a build' },
      { name: 'status', summary: 'Show what is deployed' },
      { name: 'ship', summary: 'Old name of deploy', deprecated: 'deploy' },
      // K3: the synthesised commands follow the program's own; the hidden __complete does not.
      { name: 'help', summary: 'show help for a command' },
      { name: 'completion', summary: 'print a shell completion script' },
      { name: 'mcp', summary: "register this program with an agent's MCP client" },
      { name: 'skills', summary: 'print or add a SKILL.md that teaches agents this program' },
    ]);
    expect(data.globalOptions.map((entry) => entry.flags)).toEqual([
      '--json',
      '--schema',
      '--llms',
      '--mcp',
      '--version',
      '-h, --help',
    ]);
  });

  it('H2 · --version is listed only when a version is known: declared, or found by the runtime', () => {
    const flags = (manifest: ReturnType<typeof program>, versioned?: boolean) =>
      toHelpData(manifest, manifest.root, versioned === undefined ? {} : { versioned }).globalOptions.map(
        (e) => e.flags,
      );
    expect(flags(program())).not.toContain('--version');
    expect(flags(program(), true)).toContain('--version');
    expect(flags(program({ version: '2.0.0' }))).toContain('--version');
  });

  it('H2 · options carry default, choices and env; arguments and examples come through', () => {
    const cmd = command(['x'], {
      options: [option('region', 'string', { default: 'eu', choices: ['eu', 'us'], env: 'R', deprecated: '--zone' })],
      arguments: [argument('files', { required: false, variadic: true, default: ['a'] })],
      examples: [{ command: 'x eu', description: 'in Europe' }],
    });
    const data = toHelpData(program(), cmd);
    expect(data.options).toEqual([
      {
        flags: '--region <value>',
        required: false,
        default: 'eu',
        choices: ['eu', 'us'],
        env: 'R',
        deprecated: '--zone',
      },
    ]);
    expect(data.arguments).toEqual([{ name: 'files', required: false, variadic: true, default: ['a'] }]);
    expect(data.examples).toEqual([{ command: 'tool x eu', description: 'in Europe' }]);
    expect(data.usage).toBe('tool x [options] [files...]');
  });

  it('D3 · a secret default is absent from help data', () => {
    const cmd = command(['x'], { options: [option('token', 'string', { secret: true, default: 'hunter2' })] });
    const data = toHelpData(program(), cmd);
    expect(data.options[0]).toEqual({ flags: '--token <value>', required: false });
    expect(JSON.stringify(data)).not.toContain('hunter2');
  });

  it('H2 · help data is plain JSON and does not share arrays with the manifest', () => {
    const manifest = program();
    const data = toHelpData(manifest, deploy);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    const tags = option('tags', 'string', { multiple: true, default: ['a'], choices: ['a', 'b'] });
    const copy = toHelpData(manifest, command(['x'], { options: [tags] })).options[0]!;
    expect(copy.default).not.toBe(tags.default);
    expect(copy.choices).not.toBe(tags.choices);
  });
});
