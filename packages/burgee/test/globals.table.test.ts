import { describe, expect, it } from 'vitest';
import { buildManifest } from '../src/declaration/to-manifest.js';
import { UsageError } from '../src/errors/errors.js';
import { DefinitionError, defineCommand, defineProgram, RESERVED_OPTIONS } from '../src/index.js';
import { GLOBAL_FLAGS, type GlobalFlag, globalKey } from '../src/manifest/globals.js';
import { findCommand } from '../src/manifest/index.js';
import { parseArgv } from '../src/pipeline/parse-argv.js';
import { toHelpData } from '../src/projections/help/index.js';
import { toArgv } from '../src/projections/mcp/index.js';
import { runProgram } from '../src/testing/index.js';

// Where each flag is valid and listed, restated by hand rather than read from the table: adding a row
// means saying here what it should do. Places: the root group, a group, and two runnable commands.
const PLACES = ['', 'cloud', 'deploy', 'cloud up'] as const;
type Place = (typeof PLACES)[number];
const ALL = PLACES;
const RUNNABLE: readonly Place[] = ['deploy', 'cloud up'];

type Expected = {
  valid: readonly Place[];
  /** Valid only beside this flag. */
  needs?: string;
  /** The words that give `needs` and whatever it needs in turn, when that is more than the flag itself. */
  needsWords?: readonly string[];
  listed: readonly Place[];
  /** true: refused as a declared option everywhere; 'config': in programs that read config files. */
  reserved: boolean | 'config';
  /** Another spelling of --json, with the value json only (E2). */
  spellsJson?: true;
};

const EXPECTED: Record<string, Expected> = {
  json: { valid: ALL, listed: ALL, reserved: true },
  lean: { valid: ALL, needs: '--json', listed: [], reserved: false },
  explain: { valid: ALL, listed: RUNNABLE, reserved: true },
  config: { valid: ALL, listed: ALL, reserved: 'config' },
  'no-config': { valid: ALL, listed: ALL, reserved: 'config' },
  schema: { valid: ALL, listed: [''], reserved: true },
  llms: { valid: ALL, listed: [''], reserved: false },
  mcp: { valid: [''], listed: [''], reserved: true },
  // Read everywhere, so a command that is no task can refuse it by name (B3); listed where it works.
  detach: { valid: ALL, listed: ['cloud up'], reserved: false },
  version: { valid: ALL, listed: [''], reserved: true },
  help: { valid: ALL, listed: ALL, reserved: true },
  field: { valid: ALL, needs: '--schema', listed: [], reserved: false },
  budget: { valid: ALL, needs: '--schema', listed: [], reserved: false },
  full: { valid: ALL, needs: '--schema', listed: [], reserved: false },
  http: { valid: [''], needs: '--mcp', listed: [], reserved: false },
  token: { valid: [''], needs: '--http', needsWords: ['--mcp', '--http', '0'], listed: [], reserved: false },
  'allow-origin': { valid: [''], needs: '--http', needsWords: ['--mcp', '--http', '0'], listed: [], reserved: false },
  'max-body': { valid: [''], needs: '--http', needsWords: ['--mcp', '--http', '0'], listed: [], reserved: false },
  page: { valid: ALL, needs: '--schema', listed: [], reserved: false },
  all: { valid: ALL, needs: '--help', listed: [], reserved: false },
  format: { valid: ALL, listed: [], reserved: false, spellsJson: true },
  output: { valid: ALL, listed: [], reserved: false, spellsJson: true },
};

const program = defineProgram({
  name: 'tool',
  // With a version: --version is listed only when there is one to print (H2).
  version: '1.0.0',
  config: true,
  commands: [
    defineCommand({
      name: 'deploy',
      effects: 'non_idempotent',
      options: { target: { type: 'string' } },
      run: () => null,
    }),
    defineCommand({
      name: 'cloud',
      commands: [
        defineCommand({ name: 'up', effects: 'idempotent', task: 'optional', run: () => ({ changed: false }) }),
      ],
    }),
  ],
});
const manifest = buildManifest(program);
const rows: readonly GlobalFlag[] = GLOBAL_FLAGS;
const path = (place: Place): string[] => (place === '' ? [] : place.split(' '));
/** The words that give the flag, with a value when it takes one. */
const given = (row: GlobalFlag, flag = `--${row.name}`): string[] =>
  row.value === undefined ? [flag] : [flag, row.spells === true ? 'json' : 'x'];

describe('the table of global flags', () => {
  it('T1 · every row is restated in this test, and the test restates no row the table lacks', () => {
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(rows.map((row) => [row.name, row] as const))('--%s', (name, row) => {
    const expected = EXPECTED[name]!;
    const needs = expected.needsWords ?? (expected.needs === undefined ? [] : [expected.needs]);

    it.each(PLACES)('P4 · accepted where valid, refused elsewhere with a fix that works: at "%s"', (place) => {
      const argv = [...path(place), ...given(row), ...needs];
      if (!expected.valid.includes(place)) {
        expect(() => parseArgv(manifest, argv)).toThrow(UsageError);
        return;
      }
      const parsed = parseArgv(manifest, argv);
      const key = expected.spellsJson === true ? 'json' : globalKey(row);
      expect((parsed.globals as Record<string, unknown>)[key]).toBe(row.value === undefined || row.spells ? true : 'x');
      if (expected.needs !== undefined) {
        const without = [...path(place), ...given(row)];
        const error = captureUsage(() => parseArgv(manifest, without));
        expect(error.message).toBe(`--${name} works only with ${expected.needs}`);
        if (expected.needsWords !== undefined) {
          // No one line fixes it when the flag needed takes a value of its own: the hint names that value.
          expect(error.fix).toBeUndefined();
          expect(error.hint).toMatch(new RegExp(`^add ${expected.needs} <`));
          return;
        }
        expect(error.fix).toBe(['tool', ...path(place), expected.needs, ...given(row)].join(' '));
        expect(() => parseArgv(manifest, error.fix!.split(' ').slice(1))).not.toThrow();
      }
    });

    it('H2 · listed in help exactly where it should be', () => {
      for (const place of PLACES) {
        const command = findCommand(manifest.root, path(place))!;
        const flags = toHelpData(manifest, command).globalOptions.map((entry) => entry.flags);
        const listed = flags.some((flags) => flags.split(/[ ,]+/).includes(`--${name}`));
        expect([place, listed]).toEqual([place, expected.listed.includes(place)]);
      }
    });

    it('D5 · refused as a declared option name exactly when reserved', () => {
      const key = globalKey(row);
      const declare = (config: boolean) =>
        defineProgram({
          name: 'tool',
          config,
          commands: [
            defineCommand({ name: 'x', effects: 'read_only', options: { [key]: { type: 'string' } }, run: () => null }),
          ],
        });
      if (expected.reserved === true) {
        expect(RESERVED_OPTIONS).toContain(key);
        expect(() => declare(false)).toThrow(DefinitionError);
      } else {
        expect(RESERVED_OPTIONS).not.toContain(key);
        expect(() => declare(false)).not.toThrow();
      }
      if (expected.reserved === false) expect(() => declare(true)).not.toThrow();
      else expect(() => declare(true)).toThrow(new RegExp(`option "${key}" is reserved`));
    });

    it('M3 · refused as an MCP argument key the command does not declare', () => {
      const deploy = findCommand(manifest.root, ['deploy'])!;
      const mapped = toArgv(deploy, { target: 'prod', [globalKey(row)]: true }, { program: 'tool', config: true });
      expect(mapped).toEqual({
        refusal: expect.objectContaining({ message: expect.stringContaining('unknown argument') }),
      });
    });

    it.skipIf(expected.spellsJson === true)(
      'E8 · a one-letter typo suggests it, with the corrected line as fix',
      async () => {
        const place = expected.valid.includes('deploy') ? 'deploy' : '';
        const typo = `--${name.slice(0, -1)}`;
        // At the root of a group, the word after an unknown flag would be read as a command: give the value inline.
        const inline = place === '' && row.value !== undefined;
        const typed = inline ? [`${typo}=x`] : given(row, typo);
        const argv = [...path(place), ...typed, ...needs, '--json'];
        const result = await runProgram(program, argv);
        expect(result.exitCode).toBe(2);
        const fixed = !inline ? given(row) : [`--${name}=${row.secret === true ? '<secret>' : 'x'}`];
        expect(result.json).toMatchObject({
          error: {
            hint: `did you mean --${name}?`,
            fix: ['tool', ...path(place), ...fixed, ...needs, '--json'].join(' '),
          },
        });
      },
    );
  });

  it('E8 · the typos of the issue: --verison suggests --version, --schem suggests --schema', async () => {
    const version = await runProgram(program, ['deploy', '--verison', '--json']);
    expect(version.json).toMatchObject({
      error: { hint: 'did you mean --version?', fix: 'tool deploy --version --json' },
    });
    const schema = await runProgram(program, ['--schem', '--json']);
    expect(schema.json).toMatchObject({ error: { hint: 'did you mean --schema?', fix: 'tool --schema --json' } });
  });
});

function captureUsage(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a usage error');
}
