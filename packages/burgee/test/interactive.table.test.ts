import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_VARIABLES, interactive } from 'roundel';
import { describe, expect, it } from 'vitest';
import { defineCommand } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { repoRoot } from './support/cli.js';

// The rule, restated from A1/A2 independently of roundel's code: the first agent variable that is
// non-empty and names someone names the agent; ctx.interactive is FORCE_TTY=1, or a terminal on
// stdout with no agent.
const AGENTS: [string, (value: string) => string | null][] = [
  ['AI_AGENT', (value) => (value === '1' ? 'generic' : value)],
  ['CLAUDECODE', () => 'claude-code'],
  ['CLAUDE_CODE', () => 'claude-code'],
  ['CLAUDE_CODE_IS_COWORK', () => 'claude-code'],
  ['CURSOR_AGENT', () => 'cursor'],
  ['CURSOR_EXTENSION_HOST_ROLE', (value) => (value === 'agent-exec' ? 'cursor' : null)],
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
/** The values each variable takes besides unset: what harnesses (or people's terminals) set, then empty. */
const statesOf = (name: string): string[] =>
  name === 'AI_AGENT'
    ? ['aider', '1', '']
    : name === 'CURSOR_EXTENSION_HOST_ROLE'
      ? ['agent-exec', 'user', '']
      : ['x', ''];
/** Set in every row: what a person's own terminal carries must never change an answer. */
const PEOPLE_TOO = { CURSOR_TRACE_ID: 'abc', TERM_PROGRAM: 'vscode', REPL_ID: 'r-1' };

function expectedAgent(env: Record<string, string | undefined>): string | null {
  for (const [name, label] of AGENTS) {
    const value = env[name];
    const agent = value === undefined || value === '' ? null : label(value);
    if (agent !== null) return agent;
  }
  return null;
}

/** Nothing, all set, all empty, every variable alone and every pair (the first match decides, so a pair is any set's answer). */
function* agentEnvs(): Generator<Record<string, string>> {
  yield {};
  yield Object.fromEntries(AGENTS.map(([name]) => [name, statesOf(name)[0]!]));
  yield Object.fromEntries(AGENTS.map(([name]) => [name, '']));
  for (const [i, [first]] of AGENTS.entries()) {
    for (const value of statesOf(first)) yield { [first]: value };
    for (const [second] of AGENTS.slice(i + 1))
      for (const a of statesOf(first)) for (const b of statesOf(second)) yield { [second]: b, [first]: a };
  }
}

/** Every agent env above with FORCE_TTY, CI and both terminals in every state. */
function* combinations(): Generator<{ env: Record<string, string>; stdoutTTY: boolean; stdinTTY: boolean }> {
  for (const env of agentEnvs()) {
    for (const force of [undefined, '1', '0'])
      for (const ci of [undefined, '', 'true'])
        for (const stdoutTTY of [false, true])
          for (const stdinTTY of [false, true]) {
            const full = {
              ...env,
              ...PEOPLE_TOO,
              ...(force === undefined ? {} : { FORCE_TTY: force }),
              ...(ci === undefined ? {} : { CI: ci }),
            };
            yield { env: full, stdoutTTY, stdinTTY };
          }
  }
}
const counts = AGENTS.map(([name]) => statesOf(name).length);
const singles = counts.reduce((a, b) => a + b, 0);
const pairs = counts.reduce((sum, k, i) => sum + k * counts.slice(i + 1).reduce((a, b) => a + b, 0), 0);

const probe = defineCommand({
  name: 'probe',
  effects: 'read_only',
  run: (ctx) => ({ agent: ctx.agent ?? null, interactive: ctx.interactive }),
});

describe('what a handler is told about its caller', () => {
  it('A1 A2 · ctx.agent and ctx.interactive over every agent variable alone and every pair, with FORCE_TTY, CI and terminals', async () => {
    let checked = 0;
    for (const { env, stdoutTTY, stdinTTY } of combinations()) {
      const result = await runProgram(probe, ['--json'], { env, tty: stdoutTTY, stdin: stdinTTY ? 'tty' : null });
      const agent = expectedAgent(env);
      const interactive = env.FORCE_TTY === '1' || (stdoutTTY && agent === null);
      expect((result.json as { data: unknown }).data, JSON.stringify({ env, stdoutTTY, stdinTTY })).toEqual({
        agent,
        interactive,
      });
      checked++;
    }
    expect(checked).toBe((3 + singles + pairs) * 3 * 3 * 2 * 2);
  });

  it('A1 A2 · a few rows written out by hand', async () => {
    const rows: [Record<string, string>, boolean, unknown][] = [
      [{ CLAUDECODE: '1' }, true, { agent: 'claude-code', interactive: false }],
      [{}, true, { agent: null, interactive: true }],
      [{}, false, { agent: null, interactive: false }],
      [{ CURSOR_TRACE_ID: 'abc' }, true, { agent: null, interactive: true }],
      [{ AI_AGENT: '1', GEMINI_CLI: '1' }, true, { agent: 'generic', interactive: false }],
      [{ AI_AGENT: '', GEMINI_CLI: '1' }, false, { agent: 'gemini', interactive: false }],
      [{ CLAUDECODE: '1', FORCE_TTY: '1' }, false, { agent: 'claude-code', interactive: true }],
      [{ CI: 'true' }, true, { agent: null, interactive: true }],
    ];
    for (const [env, tty, expected] of rows) {
      expect((await runProgram(probe, ['--json'], { env, tty })).json).toMatchObject({ data: expected });
    }
  });
});

// One row per variable, as a harness sets it: the handler's ctx.agent, and roundel's interactive()
// (may a person at this terminal be asked?) read the same table.
const EACH_AGENT: [string, string, string][] = [
  ['AI_AGENT', 'amp', 'amp'],
  ['AI_AGENT', '1', 'generic'],
  ['CLAUDECODE', '1', 'claude-code'],
  ['CLAUDE_CODE', '1', 'claude-code'],
  ['CLAUDE_CODE_IS_COWORK', '1', 'claude-code'],
  ['CURSOR_AGENT', '1', 'cursor'],
  ['CURSOR_EXTENSION_HOST_ROLE', 'agent-exec', 'cursor'],
  ['CODEX_THREAD_ID', '0199a2b4-7c1e-7d30-9f55-6a1e2c3d4e5f', 'codex'],
  ['CODEX_SANDBOX', 'seatbelt', 'codex'],
  ['CODEX_CI', '1', 'codex'],
  ['GEMINI_CLI', '1', 'gemini'],
  ['ANTIGRAVITY_AGENT', '1', 'antigravity'],
  ['AUGMENT_AGENT', '1', 'augment'],
  ['OPENCODE_CLIENT', 'cli', 'opencode'],
  ['OPENCODE', '1', 'opencode'],
  ['CLINE_ACTIVE', 'true', 'cline'],
  ['COPILOT_MODEL', 'gpt-5', 'copilot'],
  ['COPILOT_ALLOW_ALL', 'true', 'copilot'],
];
const LEFT_OUT: [string, string][] = [
  ['CURSOR_TRACE_ID', '5d4c3b2a1f0e'],
  ['TERM_PROGRAM', 'vscode'],
  ['REPL_ID', 'a1b2c3d4'],
  ['CURSOR_EXTENSION_HOST_ROLE', 'user'],
];
const onTerminals = { tty: true, stdin: 'tty' } as const;

describe('each agent variable, as a harness sets it', () => {
  it.each(EACH_AGENT)(
    'A1 A2 A3 · %s=%s: ctx.agent is %s, ctx.interactive and interactive() false on terminals',
    async (name, value, agent) => {
      const env = { [name]: value };
      const result = await runProgram(probe, ['--json'], { env, ...onTerminals });
      expect(result.json).toMatchObject({ data: { agent, interactive: false } });
      expect(interactive({ env, stdin: { isTTY: true } })).toBe(false);
    },
  );

  it.each(LEFT_OUT)(
    "A1 A2 A3 · %s=%s is a person's terminal too: no ctx.agent, and a person may be asked",
    async (name, value) => {
      const env = { [name]: value };
      const result = await runProgram(probe, ['--json'], { env, ...onTerminals });
      expect(result.json).toMatchObject({ data: { agent: null, interactive: true } });
      expect(interactive({ env, stdin: { isTTY: true } })).toBe(true);
    },
  );

  it('A1 · when two are set the earlier row names the agent, and a row that does not match lets the next speak', async () => {
    const rows: [Record<string, string>, string][] = [
      [{ COPILOT_ALLOW_ALL: 'true', AI_AGENT: 'amp' }, 'amp'],
      [{ CURSOR_AGENT: '1', CLAUDE_CODE_IS_COWORK: '1' }, 'claude-code'],
      [{ OPENCODE: '1', CODEX_SANDBOX: 'seatbelt' }, 'codex'],
      [{ CLINE_ACTIVE: 'true', OPENCODE_CLIENT: 'cli' }, 'opencode'],
      [{ CURSOR_EXTENSION_HOST_ROLE: 'user', GEMINI_CLI: '1', CURSOR_TRACE_ID: 'x' }, 'gemini'],
    ];
    for (const [env, agent] of rows) {
      expect((await runProgram(probe, ['--json'], { env })).json, JSON.stringify(env)).toMatchObject({
        data: { agent },
      });
    }
  });
});

describe('the documented table', () => {
  it('A1 · docs/agents.md lists every row of AGENT_VARIABLES, in order, with the agent each names', () => {
    const page = readFileSync(join(repoRoot, 'docs', 'agents.md'), 'utf8');
    const table = page.slice(page.indexOf('| variable '), page.indexOf('| not read '));
    const documented = [...table.matchAll(/^\| `([A-Z_]+)(?:=([a-z-]+))?` +\| (?:`([a-z-]+)`|its value)/gm)].map(
      (m) => [m[1], m[2] ?? null, m[3] ?? null],
    );
    expect(documented).toEqual(AGENT_VARIABLES.map((row) => [row.variable, row.value ?? null, row.agent ?? null]));
    for (const [variable] of LEFT_OUT) expect(page).toContain(`| \`${variable}\``);
  });
});
