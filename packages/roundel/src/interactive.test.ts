import { describe, expect, it, vi } from 'vitest';
import { detectAgent } from './agent.js';
import { contextInteractive, interactive } from './interactive.js';

// The rule, restated independently of the implementation: an explicit ordered table of
// [variable, what a value names (undefined: the value names nobody)], scanned for the first
// entry whose value is non-empty and names someone.
const AGENT_TABLE: ReadonlyArray<readonly [string, (value: string) => string | undefined]> = [
  ['AI_AGENT', (value) => (value === '1' ? 'generic' : value)],
  ['CLAUDECODE', () => 'claude-code'],
  ['CLAUDE_CODE', () => 'claude-code'],
  ['CLAUDE_CODE_IS_COWORK', () => 'claude-code'],
  ['CURSOR_AGENT', () => 'cursor'],
  ['CURSOR_EXTENSION_HOST_ROLE', (value) => (value === 'agent-exec' ? 'cursor' : undefined)],
  ['CODEX_THREAD_ID', () => 'codex'],
  ['CODEX_SANDBOX', () => 'codex'],
  ['CODEX_CI', () => 'codex'],
  ['GEMINI_CLI', () => 'gemini'],
  ['ANTIGRAVITY_AGENT', () => 'antigravity'],
  ['AUGMENT_AGENT', () => 'augment'],
  ['OPENCODE_CLIENT', () => 'opencode'],
  ['OPENCODE', () => 'opencode'],
  ['CLINE_ACTIVE', () => 'cline'],
  ['COPILOT_MODEL', () => 'copilot'],
  ['COPILOT_ALLOW_ALL', () => 'copilot'],
];

type Env = Record<string, string | undefined>;
type Stdin = { isTTY: boolean } | undefined;

function expectedAgent(env: Env): string | undefined {
  for (const [name, names] of AGENT_TABLE) {
    const value = env[name] ?? '';
    const agent = value === '' ? undefined : names(value);
    if (agent !== undefined) return agent;
  }
  return undefined;
}

function expectedContext(env: Env, stdoutIsTTY: boolean): boolean {
  if (env.FORCE_TTY === '1') return true;
  return stdoutIsTTY ? expectedAgent(env) === undefined : false;
}

function expectedInteractive(env: Env, stdin: Stdin): boolean {
  const nobodyThere = [expectedAgent(env) !== undefined, (env.CI ?? '').length > 0, stdin?.isTTY !== true];
  return env.FORCE_TTY === '1' || nobodyThere.every((reason) => !reason);
}

// The values each variable takes besides unset: the non-empty ones a harness (or a person's
// terminal) sets, then empty. AI_AGENT=amp proves the value is passed through; CURSOR_EXTENSION_HOST_ROLE=user
// is the value every person's Cursor terminal carries.
const VALUES: Readonly<Record<string, readonly string[]>> = {
  AI_AGENT: ['amp', '1'],
  CURSOR_EXTENSION_HOST_ROLE: ['agent-exec', 'user'],
};
const statesOf = (name: string): readonly string[] => [...(VALUES[name] ?? ['1']), ''];
// Set in every row: variables a person's own terminal carries must never change any answer.
const PEOPLE_TOO: Env = { CURSOR_TRACE_ID: 'trace-1', TERM_PROGRAM: 'vscode', REPL_ID: 'repl-1' };
const CI_STATES = [undefined, '', 'true'] as const;
const FORCE_TTY_STATES = [undefined, '1', '0'] as const;
const STDIN_STATES: readonly Stdin[] = [{ isTTY: true }, { isTTY: false }, undefined];
const STDOUT_STATES = [true, false] as const;

// Every variable alone and every pair of variables together, each in every state: the rule is
// "the first one that names someone", so any larger set is decided as the pair of its first two.
// Plus nothing set, all set and all empty.
const counts = AGENT_TABLE.map(([name]) => statesOf(name).length);
const pairCount = counts.reduce((sum, k, i) => sum + k * counts.slice(i + 1).reduce((a, b) => a + b, 0), 0);
const EXPECTED_COUNT = (3 + counts.reduce((a, b) => a + b, 0) + pairCount) * 3 * 3 * 3 * 2;

type Row = { env: Env; stdin: Stdin; stdoutIsTTY: boolean };

function* agentEnvs(): Generator<Env> {
  yield {};
  yield Object.fromEntries(AGENT_TABLE.map(([name]) => [name, statesOf(name)[0]]));
  yield Object.fromEntries(AGENT_TABLE.map(([name]) => [name, '']));
  for (const [i, [first]] of AGENT_TABLE.entries()) {
    for (const value of statesOf(first)) yield { [first]: value };
    for (const [second] of AGENT_TABLE.slice(i + 1)) {
      for (const a of statesOf(first)) for (const b of statesOf(second)) yield { [second]: b, [first]: a };
    }
  }
}

function* rows(): Generator<Row> {
  for (const agentEnv of agentEnvs()) {
    for (const ci of CI_STATES) {
      for (const forceTty of FORCE_TTY_STATES) {
        const env: Env = { ...agentEnv, ...PEOPLE_TOO };
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
  it('A1 · detectAgent matches the restated rule for every variable alone and every pair, in every state', () => {
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
      'a person in Cursor: role user, trace id',
      { CURSOR_EXTENSION_HOST_ROLE: 'user', CURSOR_TRACE_ID: 't' },
      tty,
      true,
      undefined,
      true,
      true,
    ],
    [
      'Cursor agent terminal, CI set too',
      { CURSOR_EXTENSION_HOST_ROLE: 'agent-exec', CI: '1' },
      tty,
      true,
      'cursor',
      false,
      false,
    ],
    ['OPENCODE=1 before COPILOT_MODEL', { COPILOT_MODEL: 'gpt-5', OPENCODE: '1' }, tty, true, 'opencode', false, false],
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
