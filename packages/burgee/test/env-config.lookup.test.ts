import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

const program = defineProgram({
  name: 'tool',
  envPrefix: 'TOOL',
  config: true,
  commands: [
    defineCommand({
      name: 'show',
      effects: 'read_only',
      options: {
        verbose: { type: 'boolean', description: 'say more' },
        region: { type: 'string', description: 'where' },
      },
      run: (ctx) => ({ verbose: ctx.options.verbose ?? null, region: ctx.options.region ?? null }),
    }),
  ],
});

/** Every spelling of `word` with its letters in either case: `yes`, `Yes`, `yEs` … `YES`. */
function everyCase(word: string): string[] {
  let spellings = [''];
  for (const char of word) {
    const forms = [...new Set([char.toLowerCase(), char.toUpperCase()])];
    spellings = spellings.flatMap((start) => forms.map((form) => start + form));
  }
  return spellings;
}

describe('P2 · a boolean from the environment: 1, true, yes, 0, false, no, in any case', () => {
  // Restated from P2, independently of the parser's own table.
  const words: [string, boolean][] = [
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['no', false],
  ];
  const spellings = words.flatMap(([word, value]) => everyCase(word).map((spelling) => [spelling, value] as const));

  it('P2 · every spelling of every accepted word, 62 in all, is read as its value (probe: env-boolean-any-case)', async () => {
    expect(spellings).toHaveLength(1 + 16 + 8 + 1 + 32 + 4);
    for (const [spelling, value] of spellings) {
      const result = await runProgram(program, ['show', '--json'], { env: { TOOL_VERBOSE: spelling } });
      expect({ spelling, json: result.json }).toEqual({
        spelling,
        json: {
          ok: true,
          data: { verbose: value, region: null },
          meta: { provenance: { verbose: { source: 'env', location: 'TOOL_VERBOSE' } } },
        },
      });
    }
  });

  it.each(['on', 'off', 'y', 'n', '2', '', ' true', 'true ', 'yes!', 'ja'])(
    'P2 · %j is refused: exit 3 naming the variable and the accepted spellings (probe: env-boolean-other)',
    async (value) => {
      const result = await runProgram(program, ['show', '--json'], { env: { TOOL_VERBOSE: value } });
      expect(result.exitCode).toBe(3);
      expect(result.json).toEqual({
        ok: false,
        error: {
          code: 3,
          message: `TOOL_VERBOSE (for --verbose) expects 1, true, yes, 0, false or no (any case), got ${JSON.stringify(value)}`,
          hint: 'set TOOL_VERBOSE to 1, true, yes, 0, false or no (any case)',
        },
      });
    },
  );
});

describe('P3 · where the config file is looked for, in order', () => {
  let root: string;
  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'burgee-lookup-')));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cwd = () => join(root, 'work');
  const home = () => join(root, 'home');
  const xdg = () => join(root, 'xdg');
  /** Each candidate holds a region naming itself, so the winner shows in data and provenance. */
  const files = {
    flag: () => join(root, 'given.json'),
    variable: () => join(root, 'from-variable.json'),
    local: () => join(cwd(), 'tool.config.json'),
    xdg: () => join(xdg(), 'tool', 'config.json'),
    home: () => join(home(), '.config', 'tool', 'config.json'),
  };
  type Place = keyof typeof files;
  const write = (places: readonly Place[]) => {
    mkdirSync(cwd(), { recursive: true });
    for (const place of places) {
      mkdirSync(dirname(files[place]()), { recursive: true });
      writeFileSync(files[place](), JSON.stringify({ region: place }));
    }
  };

  const cases: [string, Place[], string[], Record<string, string>, Place | null][] = [
    [
      '--config wins over every other file',
      ['flag', 'variable', 'local', 'xdg', 'home'],
      ['--config', 'FLAG'],
      { TOOL_CONFIG: 'VAR' },
      'flag',
    ],
    ['TOOL_CONFIG comes next', ['variable', 'local', 'xdg', 'home'], [], { TOOL_CONFIG: 'VAR' }, 'variable'],
    ['then ./tool.config.json', ['local', 'xdg', 'home'], [], {}, 'local'],
    ['then $XDG_CONFIG_HOME/tool/config.json', ['xdg', 'home'], [], {}, 'xdg'],
    ['with XDG_CONFIG_HOME set, ~/.config is not read', ['home'], [], {}, null],
    ['without XDG_CONFIG_HOME, ~/.config/tool/config.json', ['home'], [], { XDG_CONFIG_HOME: 'UNSET' }, 'home'],
    ['an empty XDG_CONFIG_HOME counts as unset', ['home'], [], { XDG_CONFIG_HOME: '' }, 'home'],
    ['--no-config reads none', ['local', 'xdg', 'home'], ['--no-config'], {}, null],
  ];

  it.each(cases)('P3 · %s (probe: config-lookup-order)', async (_, places, flags, vars, winner) => {
    write(places);
    const argv = flags.map((word) => (word === 'FLAG' ? files.flag() : word));
    const env: Record<string, string> = { HOME: home(), XDG_CONFIG_HOME: xdg() };
    for (const [key, value] of Object.entries(vars)) env[key] = value === 'VAR' ? files.variable() : value;
    if (env.XDG_CONFIG_HOME === 'UNSET') delete env.XDG_CONFIG_HOME;
    const result = await runProgram(program, ['show', ...argv, '--json'], { env, cwd: cwd() });
    expect(result.exitCode).toBe(0);
    const json = result.json as { data: { region: string | null }; meta: { provenance: Record<string, unknown> } };
    expect(json.data.region).toBe(winner);
    expect(json.meta.provenance.region).toEqual(
      winner === null ? undefined : { source: 'config', location: files[winner]() },
    );
  });
});
