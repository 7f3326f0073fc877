// N2, N3, E5: under --json, whatever the argv, stdout is one JSON line, stderr is empty,
// the exit code agrees with the envelope, nothing waits for input and nothing prints a stack.
// The examples' words, the argv and env generators and the contract one run must keep, shared by
// the in-process and the real-process property tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect } from 'vitest';
import { program as deployProgram } from '../../../../examples/deploy/cli.mjs';
import { program as shipProgram } from '../../../../examples/ship/cli.mjs';
import type { Program } from '../../src/index.js';
import { runProgram } from '../../src/testing/index.js';

/** A secret that only ever enters through SHIP_TOKEN; no output may contain it (E6). */
const SECRET = 's3cr3t-Token-9f1c';

/**
 * Working folders: ship reads ./ship.config.json and `config set` writes ./.ship-settings.json.
 * Made when the test file is collected, removed after its last test.
 */
export function scratchCwds(): string[] {
  const root = mkdtempSync(join(tmpdir(), 'burgee-n2-'));
  const folder = (name: string, files: Record<string, string>): string => {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return dir;
  };
  const configs = {
    'good.json': '{"channel":"nightly","replicas":4,"verify":false,"release":{"region":"eu"}}\n',
    'bad.json': '{\n  "channel": ,\n}\n',
  };
  const cwds = [
    folder('plain', configs),
    folder('good-default', { ...configs, 'ship.config.json': configs['good.json'] }),
    folder('bad-default', { ...configs, 'ship.config.json': configs['bad.json'] }),
  ];
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return cwds;
}

/** Words any burgee program reads, whatever it declares (E2, H2, H4, P3, P5, S3, S4), and values for them. */
const GLOBAL_WORDS = [
  '--help',
  '-h',
  '--schema',
  '--field',
  '--field=name',
  '--budget',
  '--budget=1',
  '--explain',
  '--config',
  '--no-config',
  '--version',
  '--format',
  '--format=json',
  '--output',
  'json',
  '--',
  'commands.0',
  'effects',
  'good.json',
  'bad.json',
  'missing.json',
];
const VALUES = ['prod', '3', '-1', '1.5', 'x', '', 'beta', '0', 'true', '1e3', '20'];

export type Example = {
  name: 'deploy' | 'ship';
  program: Program;
  /** Single words of the program: commands, flags, near-miss typos. */
  words: string[];
  /** Multi-word phrases that reach deeper paths than random words would. */
  phrases: string[][];
  env: [string, string][];
};

export const examples: Example[] = [
  {
    name: 'deploy',
    program: deployProgram,
    words: [
      'deploy',
      'deploi',
      '--target',
      '--target=prod',
      '--target=',
      '--targt',
      '--yes',
      '--no-yes',
      '--yes=false',
      '--yes=maybe',
      '-y',
      '-t',
      'target',
      'yes',
    ],
    phrases: [
      ['deploy'],
      ['deploy', '--target', 'prod'],
      ['deploy', '--target', 'prod', '--yes'],
      ['--explain', 'target'],
    ],
    env: [
      ['CLAUDECODE', '1'],
      ['AI_AGENT', 'x'],
      ['FORCE_TTY', '1'],
      ['CI', '1'],
      ['NO_COLOR', '1'],
    ],
  },
  {
    name: 'ship',
    program: shipProgram,
    words: [
      'status',
      'config',
      'get',
      'set',
      'release',
      'relase',
      'db',
      'drop',
      'debug',
      'api',
      'web',
      'k',
      'v',
      '--problems',
      '-p',
      '-b',
      '-pb',
      '-bp',
      '-b1.0',
      '--build',
      '--build=2.0',
      '--channel',
      '--channel=beta',
      '--channel=bta',
      '--replicas',
      '--replicas=3',
      '--replicas=21',
      '--canary',
      '--canary=0.5',
      '--tag',
      '--tag=a,b',
      '--dry-run',
      '--no-dry-run',
      '--dry-run=maybe',
      '--verify',
      '--no-verify',
      '--token',
      '--region',
      '--region=eu',
      '--yes',
      'channel',
      'token',
      'replicas',
    ],
    phrases: [
      ['release'],
      ['release', '-b', '1.0'],
      ['release', '--build', '1.0', '--channel', 'beta', '--replicas', '3', '--canary', '0.25', '--no-verify'],
      ['status'],
      ['debug'],
      ['release', 'api', 'web', '--build', '2.0', '--tag', 'x,y'],
      ['config', 'set', 'k', 'v'],
      ['config', 'get', 'k'],
      ['db', 'drop'],
      ['db', 'drop', '--yes'],
      ['status', '-p'],
      ['--explain', 'token'],
      ['--explain', 'channel'],
    ],
    env: [
      ['SHIP_TOKEN', SECRET],
      ['SHIP_CHANNEL', 'beta'],
      ['SHIP_CHANNEL', 'bta'],
      ['SHIP_REPLICAS', '4'],
      ['SHIP_REPLICAS', 'many'],
      ['SHIP_REPLICAS', '0'],
      ['SHIP_DRY_RUN', 'yes'],
      ['SHIP_DRY_RUN', 'maybe'],
      ['SHIP_DRY_RUN', ''],
      ['SHIP_BUILD', '9.9'],
      ['SHIP_TAG', 'a,b'],
      ['SHIP_CONFIG', 'good.json'],
      ['SHIP_CONFIG', 'bad.json'],
      ['CLAUDECODE', '1'],
      ['FORCE_TTY', '1'],
    ],
  },
];

/** Arbitrary text, including unicode and dash-prefixed words; a child's argv cannot hold NUL. */
const anyText = (forChild: boolean): fc.Arbitrary<string> => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'binary-ascii' }),
  );
  const words = fc.oneof(
    text,
    text.map((s) => `-${s}`),
    text.map((s) => `--${s}`),
  );
  return forChild ? words.map((s) => s.replaceAll('\0', '')) : words;
};

/** A whole argv: words of all three kinds, with --json inserted somewhere before the first `--` (E2). */
export const argvOf = (ex: Example, forChild: boolean): fc.Arbitrary<string[]> => {
  const piece = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ex.words).map((w) => [w]) },
    { weight: 2, arbitrary: fc.constantFrom(...ex.phrases) },
    { weight: 3, arbitrary: fc.constantFrom(...GLOBAL_WORDS, ...VALUES).map((w) => [w]) },
    { weight: 2, arbitrary: anyText(forChild).map((w) => [w]) },
  );
  // Most lists start with a real command path, so the run gets past routing into parsing, resolution and handlers.
  const head = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ex.phrases) },
    { weight: 1, arbitrary: fc.constant([]) },
  );
  return fc.tuple(head, fc.array(piece, { maxLength: 6 }), fc.nat()).map(([first, pieces, at]) => {
    const words = [...first, ...pieces.flat()];
    const end = words.indexOf('--');
    const limit = end === -1 ? words.length : end;
    words.splice(at % (limit + 1), 0, '--json');
    return words;
  });
};

export const envOf = (ex: Example) => fc.subarray(ex.env).map((pairs) => Object.fromEntries(pairs));

type Outcome = { exitCode: number | null; stdout: string; stderr: string; signal?: NodeJS.Signals | null };

/** The N2/E5 contract for one run, restated independently of the runtime. */
export function expectOneDocument(argv: readonly string[], out: Outcome): void {
  const where = `argv ${JSON.stringify(argv)}`;
  expect(out.signal ?? null, `${where}: ended by a signal`).toBeNull();
  expect(out.stderr, `${where}: stderr must be empty`).toBe('');
  expect(out.stdout.endsWith('\n'), `${where}: stdout must end with one newline: ${JSON.stringify(out.stdout)}`).toBe(
    true,
  );
  const body = out.stdout.slice(0, -1);
  expect(body.includes('\n'), `${where}: stdout must be one line: ${JSON.stringify(out.stdout)}`).toBe(false);
  let document: unknown;
  expect(
    () => {
      document = JSON.parse(body);
    },
    `${where}: stdout must be JSON: ${JSON.stringify(out.stdout)}`,
  ).not.toThrow();
  expect(out.stdout, `${where}: no stack frames`).not.toContain('    at ');
  expect(out.stdout, `${where}: the secret never printed`).not.toContain(SECRET);
  const isEnvelope =
    typeof document === 'object' && document !== null && typeof (document as { ok?: unknown }).ok === 'boolean';
  if (!isEnvelope) {
    // Only --schema prints a bare document (S1, S3), and it is a success.
    expect(
      argv.slice(0, argv.includes('--') ? argv.indexOf('--') : undefined),
      `${where}: a bare document comes from --schema`,
    ).toContain('--schema');
    expect(out.exitCode, `${where}: a bare document is a success`).toBe(0);
    return;
  }
  const envelope = document as { ok: boolean; error?: { code?: unknown; message?: unknown } };
  if (envelope.ok) {
    expect(out.exitCode, `${where}: ok:true exits 0`).toBe(0);
    return;
  }
  expect(Number.isInteger(envelope.error?.code), `${where}: error.code is a whole number`).toBe(true);
  expect(
    typeof envelope.error?.message === 'string' && envelope.error.message !== '',
    `${where}: error.message is text`,
  ).toBe(true);
  expect(out.exitCode, `${where}: exit code equals error.code`).toBe(envelope.error?.code);
  expect(out.exitCode, `${where}: a failure is not exit 0`).not.toBe(0);
}

/** Runs in-process, failing (N3) if no result arrives in time. */
export async function runInProcess(
  program: Program,
  argv: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`N3 · no result within 5 s for ${JSON.stringify(argv)}`)), 5_000);
  });
  try {
    return await Promise.race([runProgram(program, argv, { env, cwd }), hang]);
  } finally {
    clearTimeout(timer);
  }
}
