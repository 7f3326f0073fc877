import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/index.js';
import { buildManifest, findCommand } from '../../manifest/build.js';
import { toArgv } from './argv.js';

const run = () => null;
const manifest = buildManifest(
  defineProgram({
    name: 'ship',
    envPrefix: 'SHIP',
    commands: [
      defineCommand({
        name: 'release',
        effects: 'non_idempotent',
        arguments: [{ name: 'services', variadic: true, required: false }],
        options: {
          build: { type: 'string', required: true },
          replicas: { type: 'number' },
          tag: { type: 'string', multiple: true },
          dryRun: { type: 'boolean', env: 'SHIP_DRY_RUN' },
        },
        run,
      }),
    ],
  }),
);
const plain = buildManifest(
  defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'copy',
        effects: 'idempotent',
        arguments: [{ name: 'from' }, { name: 'to', required: false }, { name: 'mode', required: false }],
        options: {
          yes: { type: 'boolean' },
          verify: { type: 'boolean', default: true },
          strict: { type: 'boolean', negatable: false, env: 'STRICT' },
        },
        run,
      }),
      defineCommand({
        name: 'config',
        arguments: [{ name: 'key', required: false }],
        effects: 'read_only',
        run,
        commands: [defineCommand({ name: 'get', effects: 'read_only', run })],
      }),
      defineCommand({
        name: 'pick',
        effects: 'read_only',
        arguments: [
          { name: 'first', required: false, default: 'a' },
          { name: 'second', required: false },
        ],
        run,
      }),
    ],
  }),
);
const release = findCommand(manifest.root, ['release'])!;
const copy = findCommand(plain.root, ['copy'])!;
const argv = (result: ReturnType<typeof toArgv>) => ('argv' in result ? result.argv : result.refusal.message);

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

describe('M3 · unknown keys that the parser would not read as unknown are refused here', () => {
  it.each([
    'help',
    'json',
    'mcp',
    'schema',
    'version',
    'explain',
    'config',
    'noConfig',
    'format',
    'output',
    'field',
    'budget',
    'noVerify',
    'dry-run',
    'Yes',
    'a=b',
  ])('M3 · %s', (key) => {
    const result = toArgv(copy, { from: 'a', [key]: true }, { program: 'tool' });
    expect(result).toEqual({
      refusal: {
        message: `unknown argument ${JSON.stringify(key)} for tool copy`,
        hint: 'tool copy takes: from, to, mode, yes, verify, strict',
      },
    });
  });
});

describe("M3 · a foreign program's style: the line its own parser reads back to the call's values", () => {
  const yes = copy.options.find((o) => o.key === 'yes')!;
  const tag = release.options.find((o) => o.key === 'tag')!;
  const verbose = {
    ...yes,
    key: 'verbose',
    flag: '--verbose',
    type: 'number' as const,
    integer: true,
    count: true as const,
  };
  const colour = {
    ...yes,
    key: 'colour',
    flag: '--colour',
    type: 'string' as const,
    negatable: false,
    valueOptional: true as const,
  };
  const add = { ...copy, path: ['add'], name: 'add', options: [tag, yes, verbose, colour] };

  it('M3 · commander: positionals after the options and a `--`, so none is an option’s value and one may start with -', () => {
    const style = { positionals: 'separated', explicitFalse: true, jsonFlag: false } as const;
    expect(toArgv(add, { from: '-milk', tag: ['a', 'b'], colour: true }, style)).toEqual({
      argv: ['add', '--tag=a', '--tag=b', '--colour', '--', '-milk'],
    });
  });

  it('M3 · yargs: positionals first, as an array option takes every plain word after it', () => {
    const style = { positionals: 'first', explicitFalse: true, jsonFlag: false } as const;
    expect(toArgv(add, { from: 'milk', tag: ['a', 'b'] }, style)).toEqual({
      argv: ['add', 'milk', '--tag=a', '--tag=b'],
    });
    // yargs fills no positional from words after `--`: one that reads as a flag is still refused.
    expect(argv(toArgv(add, { from: '-milk' }, style))).toBe(
      'argument value "-milk" starts with "-", so add would read it as an option',
    );
  });

  it('M3 · false is typed where the parser tells it from absence; a count is its flag repeated; an optional value alone says true', () => {
    const style = { positionals: 'first', explicitFalse: true } as const;
    expect(toArgv(add, { from: 'a', yes: false, verbose: 3 }, style)).toEqual({
      argv: ['add', 'a', '--no-yes', '--verbose', '--verbose', '--verbose', '--json'],
    });
    expect(toArgv(add, { from: 'a', verbose: 0, colour: 'red' }, style)).toEqual({
      argv: ['add', 'a', '--colour=red', '--json'],
    });
    expect(toArgv(add, { from: 'a', colour: false })).toEqual({ argv: ['add', '--json', 'a'] });
  });
});
