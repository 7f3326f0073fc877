// `burgee diff <old> <new>`: the corpus of pairs compared in-process and by the built binary in a
// child process, as a person and as an agent run it; programs compared as entries.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDocuments } from '../src/diff/document.js';
import { CHANGE_KINDS } from '../src/diff/kinds.js';
import type { DiffReport } from '../src/diff/types.js';
import type { FullSchemaDocument } from '../src/projections/schema/types.js';
import { CORPUS, type Pair } from './fixtures/diff-corpus.js';
import { example, repoRoot, runCli } from './support/cli.js';
import { bin } from './support/dev.js';

const tmp = mkdtempSync(join(tmpdir(), 'burgee-diff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const diff = (args: string[], stdin?: string) => runCli(bin, ['diff', ...args], stdin === undefined ? {} : { stdin });

/** Each change as [kind, command, field], the way the corpus states it. */
const shape = (report: DiffReport) =>
  report.changes.map((c) => [c.kind, c.command, c.field].filter((x) => x !== undefined));
const expected = (pair: Pair) => pair.changes.map((c) => c.filter((x) => x !== undefined));

describe('X4 · the corpus', () => {
  it('X4 · has at least 25 pairs, one at least for every kind of change, and no change', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(25);
    const seen = new Set(CORPUS.flatMap((pair) => pair.changes.map(([kind]) => kind)));
    expect(CHANGE_KINDS.map((kind) => kind.id).filter((id) => !seen.has(id))).toEqual([]);
    expect(CORPUS.some((pair) => pair.changes.length === 0 && pair.bump === 'none')).toBe(true);
  });

  it.each(CORPUS.map((pair) => [pair.title, pair] as const))(
    'X4 · %s: each change classed, and the bump',
    (_, pair) => {
      const report = diffDocuments(pair.before(), pair.after());
      expect(shape(report)).toEqual(expected(pair));
      expect(report.bump).toBe(pair.bump);
      for (const change of report.changes) {
        const kind = CHANGE_KINDS.find((k) => k.id === change.kind)!;
        expect(change.class).toBe(kind.breaking ? 'breaking' : 'compatible');
        expect(change.message).not.toBe('');
      }
      const breaking = report.changes.filter((c) => c.class === 'breaking').length;
      expect(report.counts).toEqual({ breaking, compatible: report.changes.length - breaking });
      expect(pair.bump === 'major').toBe(breaking > 0);
    },
  );
});

describe('X4 · an exit code named like a property of every object (probe: diff-proto-exit-code)', () => {
  // A document read with JSON.parse holds `__proto__` as an own key, as a program could name it.
  const withCode = (code: number | undefined) => {
    const document = JSON.parse(JSON.stringify(CORPUS[0]!.before()));
    if (code !== undefined) Object.defineProperty(document.exitCodes, '__proto__', { value: code, enumerable: true });
    return document;
  };

  it.each([
    ['added', undefined, 9, 'exit-code-added', 'exit code __proto__ (9) is new'],
    ['removed', 9, undefined, 'exit-code-removed', 'exit code __proto__ (9) is gone'],
    ['renumbered', 9, 10, 'exit-code-changed', 'exit code __proto__ is 10 now, not 9'],
  ] as const)('X4 · %s: reported by its name and number', (_, before, after, kind, message) => {
    const report = diffDocuments(withCode(before), withCode(after));
    expect(report.changes.map((change) => [change.kind, change.message])).toEqual([[kind, message]]);
  });
});

describe('X4 · the corpus through the binary, as an agent runs it', () => {
  // Concurrently: each run is mostly a process starting, and there are dozens.
  it.concurrent.each(CORPUS.map((pair, i) => [pair.title, pair, i] as const))(
    'X4 · %s: --json data and the exit code',
    async (_, pair, i) => {
      const [before, after] = [join(tmp, `${i}-old.json`), join(tmp, `${i}-new.json`)];
      writeFileSync(before, JSON.stringify(pair.before()));
      writeFileSync(after, JSON.stringify(pair.after()));
      const result = await diff([before, after, '--json']);
      const envelope = JSON.parse(result.stdout) as { ok: boolean; data: DiffReport; error?: { code: number } };
      expect(result.stderr).toBe('');
      expect(shape(envelope.data)).toEqual(expected(pair));
      expect(envelope.data.bump).toBe(pair.bump);
      expect(result.code).toBe(pair.bump === 'major' ? 1 : 0);
      expect(envelope.ok).toBe(pair.bump !== 'major');
    },
  );

  it('X4 · --allow-breaking: the same changes, ok, exit 0', async () => {
    const removed = CORPUS.find((pair) => pair.title === 'an option removed')!;
    const [before, after] = [join(tmp, 'allow-old.json'), join(tmp, 'allow-new.json')];
    writeFileSync(before, JSON.stringify(removed.before()));
    writeFileSync(after, JSON.stringify(removed.after()));
    const allowed = await diff([before, after, '--json', '--allow-breaking']);
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({
      ok: true,
      data: { bump: 'major', changes: [{ kind: 'option-removed', class: 'breaking' }] },
    });
  });
});

describe('X4 · programs as entries, as a person runs them', () => {
  it.each(['deploy', 'ship'] as const)('X4 · the %s example against itself: no changes, exit 0', async (name) => {
    const person = await diff([example(name), example(name)]);
    expect(person).toMatchObject({ code: 0, stdout: 'no changes: nothing to release\n', stderr: '' });
    const agent = await diff([example(name), example(name), '--json']);
    expect(JSON.parse(agent.stdout).data).toEqual({
      changes: [],
      bump: 'none',
      counts: { breaking: 0, compatible: 0 },
    });
  });

  it('X4 · a committed --schema --full file against its program, a file, and stdin: no changes', async () => {
    const file = join(tmp, 'ship.json');
    const schema = await runCli(example('ship'), ['--schema', '--full']);
    writeFileSync(file, schema.stdout);
    expect((await diff([file, example('ship')])).code).toBe(0);
    expect((await diff([example('ship'), file])).stdout).toBe('no changes: nothing to release\n');
    const piped = await diff(['-', example('ship'), '--json'], schema.stdout);
    expect(JSON.parse(piped.stdout).data.bump).toBe('none');
  });

  it('X4 · an edited copy of a program: the changes for a person on stdout, the refusal on stderr, exit 1', async () => {
    const dir = join(tmp, 'edited');
    mkdirSync(dir);
    cpSync(`${repoRoot}examples/ship`, dir, { recursive: true });
    symlinkSync(`${repoRoot}node_modules`, join(dir, 'node_modules'));
    const entry = join(dir, 'cli.mjs');
    const text = readFileSync(entry, 'utf8')
      .replace("    region: { type: 'string', description: 'region to release in' },\n", '')
      .replace("choices: ['stable', 'beta', 'nightly']", "choices: ['stable', 'beta', 'nightly', 'canary']");
    writeFileSync(entry, text);
    const result = await diff([example('ship'), entry]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'compatible  choice-added    ship release --channel also accepts "canary"',
        'breaking    option-removed  ship release --region is gone: a call that gives it is refused',
        '',
        '2 changes, 1 breaking: a major release',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe(
      `error: 2 changes, 1 breaking: a major release; callers of ${example('ship')} may break\nhint: keep what callers use, or release a new major version and pass --allow-breaking\n`,
    );
  });
});

describe('X4 · a contract written before --schema stated each fact once (options[] and inputSchema both typed)', () => {
  // examples/ship's --schema --full as burgee wrote it then: options[] with type, description,
  // required, default, choices, bounds; a "flag" in every inputSchema property.
  const older = join(repoRoot, 'packages/burgee/test/fixtures/ship-schema-two-lists.json');
  const current = async (): Promise<FullSchemaDocument> =>
    JSON.parse((await runCli(example('ship'), ['--schema', '--full'])).stdout);

  // The one change since: db backup may run as a task (B1). Nothing the older document stated twice reads as changed.
  it('X4 · against the same program today: only the task added since, by the binary and in-process', async () => {
    const agent = await diff([older, example('ship'), '--json']);
    expect(JSON.parse(agent.stdout).data).toEqual({
      changes: [
        {
          kind: 'task-added',
          class: 'compatible',
          command: 'db backup',
          field: 'task',
          message: 'ship db backup may run as a task now',
          before: null,
          after: 'optional',
        },
      ],
      bump: 'minor',
      counts: { breaking: 0, compatible: 1 },
    });
    const before = JSON.parse(readFileSync(older, 'utf8')) as FullSchemaDocument;
    expect(before.commands[3]!.options[0]).toMatchObject({ name: 'build', type: 'string', required: true });
    expect(shape(diffDocuments(before, await current()))).toEqual([['task-added', 'db backup', 'task']]);
  });

  it('X4 · what a caller meets is still told: a choice, a flag, a bound, a variable, a default', async () => {
    const before = JSON.parse(readFileSync(older, 'utf8')) as FullSchemaDocument;
    const after = await current();
    const release = after.commands.find((command) => command.name === 'release')!;
    const input = release.inputSchema.properties;
    input.channel!.enum = ['stable', 'beta'];
    input.replicas!.maximum = 10;
    input.verify!.default = false;
    release.options.find((option) => option.name === 'build')!.flag = '--version';
    delete release.options.find((option) => option.name === 'replicas')!.env;
    expect(shape(diffDocuments(before, after))).toEqual([
      ['flag-changed', 'release', 'options.build.flag'],
      ['choice-removed', 'release', 'options.channel.choices'],
      ['env-removed', 'release', 'options.replicas.env'],
      ['bounds-narrowed', 'release', 'options.replicas.maximum'],
      ['default-changed', 'release', 'options.verify.default'],
      ['task-added', 'db backup', 'task'],
    ]);
  });
});

describe('X4 · what diff refuses', () => {
  it('X4 · a summary (a budgeted --schema) is refused, naming --schema --full', async () => {
    const file = join(tmp, 'summary.json');
    writeFileSync(file, (await runCli(example('ship'), ['--schema', '--budget', '700'])).stdout);
    const result = await diff([file, example('ship'), '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error).toEqual({
      code: 3,
      message: `${file} is not a --schema --full document: it is a summary, written within a budget, which names no options`,
      hint: 'write the whole document with: <program> --schema --full > schema.json',
    });
  });

  it.each([
    ['not JSON', '{"schemaVersion":1,\n  nope}', 'is not JSON (line 2, column 3)'],
    [
      'another version',
      '{"schemaVersion":2}',
      'is not a --schema --full document: its schemaVersion is 2; burgee diff reads version 1',
    ],
    [
      'a broken command',
      '{"schemaVersion":1,"name":"x","exitCodes":{},"commands":[{"name":"a","effects":"read_only","arguments":[],"options":[{"name":"b"}],"examples":[],"inputSchema":{"required":[]}}]}',
      'is not a --schema --full document: commands[0].options[0].flag is not a string',
    ],
    [
      'an option with no inputSchema property',
      '{"schemaVersion":1,"name":"x","exitCodes":{},"commands":[{"name":"a","effects":"read_only","arguments":[],"options":[{"name":"b","flag":"--b"}],"examples":[],"inputSchema":{"properties":{},"required":[]}}]}',
      'is not a --schema --full document: commands[0].options[0].name names no property of commands[0].inputSchema',
    ],
  ])('X4 · a file that is %s is a config error naming what is wrong (exit 3)', async (_, text, message) => {
    const file = join(tmp, 'bad.json');
    writeFileSync(file, text);
    const result = await diff([file, example('ship'), '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toBe(`${file} ${message}`);
  });

  it('X4 · a missing file is a usage error (exit 2)', async () => {
    const result = await diff(['nope.json', example('ship'), '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error.message).toBe('no schema document at nope.json');
  });
});

describe('X4 · every kind of change is documented', () => {
  const page = readFileSync(`${repoRoot}docs/check.md`, 'utf8');
  it.each(CHANGE_KINDS.map((kind) => [kind.id, kind] as const))(
    'X4 · %s: a row with its class and bump',
    (id, kind) => {
      const row = new RegExp(
        `\\| \`${id}\`\\s*\\| ${kind.breaking ? 'breaking' : 'compatible'}\\s*\\| ${kind.bump}\\s*\\|`,
      );
      expect(page).toMatch(row);
    },
  );
});
