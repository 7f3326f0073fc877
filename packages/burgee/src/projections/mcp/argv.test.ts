import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../declaration/index.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { findCommand } from '../../manifest/commands.js';
import { toArgv } from './argv.js';
import { argv, copy, plain, release, run } from './fixtures.js';

describe('M3 · toArgv: [path…, options…, "--json", positionals…]', () => {
  const table: [string, Record<string, unknown>, string[]][] = [
    [
      'options in declared order, then --json, then positionals',
      { services: ['api', 'web'], tag: ['a', 'b'], build: '1' },
      ['release', '--build=1', '--tag=a', '--tag=b', '--json', 'api', 'web'],
    ],
    ['numbers as text', { build: '1', replicas: 3 }, ['release', '--build=1', '--replicas=3', '--json']],
    ['dryRun: true → --dry-run', { build: '1', dryRun: true }, ['release', '--build=1', '--dry-run', '--json']],
    [
      'false on an env-bound boolean → --no-x',
      { build: '1', dryRun: false },
      ['release', '--build=1', '--no-dry-run', '--json'],
    ],
    [
      'null and an empty array are left off',
      { build: '1', replicas: null, tag: [] },
      ['release', '--build=1', '--json'],
    ],
    ['a variadic argument given one word', { build: '1', services: 'api' }, ['release', '--build=1', '--json', 'api']],
    [
      'values starting with "-" stay values',
      { build: '--x', tag: ['-y'] },
      ['release', '--build=--x', '--tag=-y', '--json'],
    ],
    [
      'an unknown camelCase key becomes its flag, for the command to refuse',
      { build: '1', fooBar: 'x', baz: true },
      ['release', '--build=1', '--foo-bar=x', '--baz', '--json'],
    ],
    [
      'an unknown key set to false is still written, never dropped',
      { build: '1', fooBar: false },
      ['release', '--build=1', '--foo-bar=false', '--json'],
    ],
  ];
  it.each(table)('M3 · %s', (_, args, expected) => {
    expect(toArgv(release, args, { program: 'ship' })).toEqual({ argv: expected });
  });

  const booleans: [string, Record<string, unknown>, string[]][] = [
    ['false on a plain boolean is left off', { from: 'a', yes: false }, ['copy', '--json', 'a']],
    ['false on a default-true boolean → --no-x', { from: 'a', verify: false }, ['copy', '--no-verify', '--json', 'a']],
    [
      'false on an env-bound, non-negatable boolean → --x=false',
      { from: 'a', strict: false },
      ['copy', '--strict=false', '--json', 'a'],
    ],
    [
      'a non-boolean value for a boolean is handed over for the command to judge',
      { from: 'a', yes: 'maybe' },
      ['copy', '--yes=maybe', '--json', 'a'],
    ],
  ];
  it.each(booleans)('M3 · %s', (_, args, expected) => {
    expect(toArgv(copy, args)).toEqual({ argv: expected });
  });

  it("M3 · a lone --no-x (a foreign program's) is typed for false and left off for true", () => {
    const color = { ...copy.options.find((o) => o.key === 'yes')!, key: 'color', flag: '--no-color', default: true };
    const command = { ...copy, options: [{ ...color, negates: true as const }] };
    expect(toArgv(command, { from: 'a', color: false })).toEqual({ argv: ['copy', '--no-color', '--json', 'a'] });
    expect(toArgv(command, { from: 'a', color: true })).toEqual({ argv: ['copy', '--json', 'a'] });
  });

  it('M3 · with config files, any false boolean is written out (a file may switch it on)', () => {
    expect(toArgv(copy, { from: 'a', yes: false }, { config: true })).toEqual({
      argv: ['copy', '--no-yes', '--json', 'a'],
    });
  });
});

describe('M3 · positionals', () => {
  it('M3 · a missing required argument before a given one stops the words, so the command reports it', () => {
    expect(argv(toArgv(copy, { to: 'b' }))).toEqual(['copy', '--json']);
  });

  it('M3 · a skipped optional argument takes its default; without one, the call is refused', () => {
    const pick = findCommand(plain.root, ['pick'])!;
    expect(argv(toArgv(pick, { second: 'z' }))).toEqual(['pick', '--json', 'a', 'z']);
    expect(argv(toArgv(copy, { from: 'a', mode: 'm' }, { program: 'tool' }))).toBe(
      'argument <mode> was given without [to], which comes before it in tool copy',
    );
  });

  it('M3 · D4 · number arguments are written back as the words the CLI reads, a skipped number default too', () => {
    const resize = buildManifest(
      defineCommand({
        name: 'resize',
        effects: 'idempotent',
        arguments: [
          { name: 'width', type: 'number', required: false, default: 640 },
          { name: 'heights', type: 'number', variadic: true, required: false },
        ],
        run,
      }),
    ).root;
    expect(argv(toArgv(resize, { heights: [480, -1.5] }))).toEqual(['--json', '640', '480', '-1.5']);
    expect(argv(toArgv(resize, { width: 1e21 }))).toEqual(['--json', '1e+21']);
  });

  it('M3 · words the parser would read as flags are refused: -x, --x, --', () => {
    for (const word of ['-x', '--yes', '--']) {
      expect(argv(toArgv(copy, { from: word }, { program: 'tool' }))).toBe(
        `argument value ${JSON.stringify(word)} starts with "-", so tool copy would read it as an option`,
      );
    }
    expect(argv(toArgv(copy, { from: '-1' }))).toEqual(['copy', '--json', '-1']);
    expect(argv(toArgv(copy, { from: '-' }))).toEqual(['copy', '--json', '-']);
  });

  it('M3 · a first positional naming a subcommand is refused, as it would switch commands', () => {
    const config = findCommand(plain.root, ['config'])!;
    expect(argv(toArgv(config, { key: 'get' }, { program: 'tool' }))).toBe(
      'argument value "get" names a subcommand of tool config',
    );
  });

  it('M3 · a list for a single-word argument is refused rather than shifting the others', () => {
    expect(argv(toArgv(copy, { from: ['a', 'b'] }))).toBe('argument <from> takes one value, got 2');
  });
});
