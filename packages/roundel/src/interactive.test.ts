import { describe, expect, it, vi } from 'vitest';
import { detectAgent } from './agent.js';
import { contextInteractive, interactive } from './interactive.js';

// The rule, restated independently of the implementation: an explicit ordered table of
// [variable, what it names], scanned for the first entry whose value is non-empty.
const AGENT_TABLE: ReadonlyArray<readonly [string, (value: string) => string]> = [
  ['AI_AGENT', (value) => (value === '1' ? 'generic' : value)],
  ['CLAUDECODE', () => 'claude-code'],
  ['CURSOR_AGENT', () => 'cursor'],
  ['CODEX_THREAD_ID', () => 'codex'],
  ['GEMINI_CLI', () => 'gemini'],
];

type Env = Record<string, string | undefined>;
type Stdin = { isTTY: boolean } | undefined;

function expectedAgent(env: Env): string | undefined {
  const hit = AGENT_TABLE.find(([name]) => (env[name] ?? '').length > 0);
  return hit === undefined ? undefined : hit[1](env[hit[0]] as string);
}

function expectedContext(env: Env, stdoutIsTTY: boolean): boolean {
  if (env.FORCE_TTY === '1') return true;
  return stdoutIsTTY ? expectedAgent(env) === undefined : false;
}

function expectedInteractive(env: Env, stdin: Stdin): boolean {
  const nobodyThere = [expectedAgent(env) !== undefined, (env.CI ?? '').length > 0, stdin?.isTTY !== true];
  return env.FORCE_TTY === '1' || nobodyThere.every((reason) => !reason);
}

// A non-empty AI_AGENT value other than '1', so the table also proves the value is passed through.
const SET_VALUE: Readonly<Record<string, string>> = {
  AI_AGENT: 'amp',
  CLAUDECODE: '1',
  CURSOR_AGENT: '1',
  CODEX_THREAD_ID: 't-42',
  GEMINI_CLI: '1',
};
const VARIABLE_STATES = ['set', 'empty', 'unset'] as const;
const CI_STATES = [undefined, '', 'true'] as const;
const FORCE_TTY_STATES = [undefined, '1', '0'] as const;
const STDIN_STATES: readonly Stdin[] = [{ isTTY: true }, { isTTY: false }, undefined];
const STDOUT_STATES = [true, false] as const;
const EXPECTED_COUNT = 3 ** 5 * 3 * 3 * 3 * 2;

type Row = { env: Env; stdin: Stdin; stdoutIsTTY: boolean };

function* agentEnvs(index = 0, env: Env = {}): Generator<Env> {
  const entry = AGENT_TABLE[index];
  if (entry === undefined) {
    yield env;
    return;
  }
  const name = entry[0];
  for (const state of VARIABLE_STATES) {
    const next = { ...env };
    if (state === 'set') next[name] = SET_VALUE[name];
    if (state === 'empty') next[name] = '';
    yield* agentEnvs(index + 1, next);
  }
}

function* rows(): Generator<Row> {
  for (const agentEnv of agentEnvs()) {
    for (const ci of CI_STATES) {
      for (const forceTty of FORCE_TTY_STATES) {
        // CURSOR_TRACE_ID is set in every row: it must never change any answer.
        const env: Env = { ...agentEnv, CURSOR_TRACE_ID: 'trace-1' };
        if (ci !== undefined) env.CI = ci;
        if (forceTty !== undefined) env.FORCE_TTY = forceTty;
        for (const stdin of STDIN_STATES) {
          for (const stdoutIsTTY of STDOUT_STATES) yield { env, stdin, stdoutIsTTY };
        }
      }
    }
  }
}

// One test per function over every row, collecting mismatches so a failure names them all.
function checkAll(actual: (row: Row) => unknown, expected: (row: Row) => unknown): void {
  let count = 0;
  const mismatches: unknown[] = [];
  for (const row of rows()) {
    count += 1;
    const got = actual(row);
    const want = expected(row);
    if (got !== want) mismatches.push({ ...row, got, want });
  }
  expect(mismatches.slice(0, 5)).toEqual([]);
  expect(count).toBe(EXPECTED_COUNT);
}

describe('exhaustive policy table', () => {
  it('A1 · detectAgent matches the restated rule for every combination', () => {
    checkAll(
      (row) => detectAgent(row.env),
      (row) => expectedAgent(row.env),
    );
  });

  it('A2 · contextInteractive matches the restated rule for every combination', () => {
    checkAll(
      (row) => contextInteractive({ env: row.env, stdoutIsTTY: row.stdoutIsTTY }),
      (row) => expectedContext(row.env, row.stdoutIsTTY),
    );
  });

  it('A3 · interactive matches the restated rule for every combination', () => {
    checkAll(
      (row) => interactive({ env: row.env, stdin: row.stdin }),
      (row) => expectedInteractive(row.env, row.stdin),
    );
  });
});

// Literal rows, written by hand, so a wrong restatement above cannot pass silently.
describe('hand-written rows', () => {
  const tty = { isTTY: true };
  const cases: ReadonlyArray<
    readonly [
      title: string,
      env: Env,
      stdin: Stdin,
      stdoutIsTTY: boolean,
      agent: string | undefined,
      ask: boolean,
      ctx: boolean,
    ]
  > = [
    ['CLAUDECODE=1 with stdin closed', { CLAUDECODE: '1' }, undefined, true, 'claude-code', false, false],
    ['only CURSOR_TRACE_ID on terminals', { CURSOR_TRACE_ID: 'abc' }, tty, true, undefined, true, true],
    [
      'FORCE_TTY=1 beats CLAUDECODE=1',
      { FORCE_TTY: '1', CLAUDECODE: '1' },
      undefined,
      false,
      'claude-code',
      true,
      true,
    ],
    ['nothing set on terminals', {}, tty, true, undefined, true, true],
    ['CI=true on terminals', { CI: 'true' }, tty, true, undefined, false, true],
    ['CI empty on terminals', { CI: '' }, tty, true, undefined, true, true],
    ['stdout piped, stdin a terminal', {}, tty, false, undefined, true, false],
    ['stdin piped, stdout a terminal', {}, { isTTY: false }, true, undefined, false, true],
    ['FORCE_TTY=0 is not forcing', { FORCE_TTY: '0', CLAUDECODE: '1' }, tty, true, 'claude-code', false, false],
    ['AI_AGENT=1 before CLAUDECODE', { AI_AGENT: '1', CLAUDECODE: '1' }, tty, true, 'generic', false, false],
    ['empty AI_AGENT falls through', { AI_AGENT: '', GEMINI_CLI: '1' }, tty, true, 'gemini', false, false],
    [
      'CURSOR_AGENT before CODEX_THREAD_ID',
      { CODEX_THREAD_ID: 'x', CURSOR_AGENT: '1' },
      tty,
      true,
      'cursor',
      false,
      false,
    ],
  ];

  it.each(cases)('A1 A2 A3 · %s', (_title, env, stdin, stdoutIsTTY, agent, ask, ctx) => {
    expect(detectAgent(env)).toBe(agent);
    expect(interactive({ env, stdin })).toBe(ask);
    expect(contextInteractive({ env, stdoutIsTTY })).toBe(ctx);
  });
});

describe('interactive inputs', () => {
  it('A3 · a stdin without isTTY counts as not a terminal', () => {
    expect(interactive({ env: {}, stdin: {} })).toBe(false);
  });

  it('A3 · an explicit stdin: undefined is a closed stdin, not the process default', () => {
    expect(interactive({ env: {}, stdin: undefined })).toBe(false);
  });

  it('A3 · stdin defaults to process.stdin when the key is absent', () => {
    expect(interactive({ env: {} })).toBe(process.stdin.isTTY === true);
  });

  it('A3 · env defaults to process.env when not given', () => {
    try {
      vi.stubEnv('FORCE_TTY', '1');
      expect(interactive()).toBe(true);
      expect(interactive({ stdin: undefined })).toBe(true);
      vi.stubEnv('FORCE_TTY', '');
      vi.stubEnv('CLAUDECODE', '1');
      expect(interactive({ stdin: { isTTY: true } })).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
