import { describe, expect, it } from 'vitest';
import { defineCommand } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

// The rule, restated from A1/A2 independently of roundel's code: the first non-empty agent
// variable names the agent; ctx.interactive is FORCE_TTY=1, or a terminal on stdout with no agent.
const AGENTS: [string, (value: string) => string][] = [
  ['AI_AGENT', (value) => (value === '1' ? 'generic' : value)],
  ['CLAUDECODE', () => 'claude-code'],
  ['CURSOR_AGENT', () => 'cursor'],
  ['CODEX_THREAD_ID', () => 'codex'],
  ['GEMINI_CLI', () => 'gemini'],
];
const STATES = [undefined, '', 'x'] as const;

function expectedAgent(env: Record<string, string | undefined>): string | null {
  for (const [name, label] of AGENTS) {
    const value = env[name];
    if (value !== undefined && value !== '') return label(value);
  }
  return null;
}

/** Every combination of the five agent variables (unset, empty, set), FORCE_TTY, CI and both terminals. */
function* combinations(): Generator<{ env: Record<string, string>; stdoutTTY: boolean; stdinTTY: boolean }> {
  for (let n = 0; n < 3 ** AGENTS.length; n++) {
    const env: Record<string, string> = {};
    AGENTS.forEach(([name], i) => {
      const state = STATES[Math.floor(n / 3 ** i) % 3];
      if (state !== undefined) env[name] = name === 'AI_AGENT' && state === 'x' ? (n % 2 === 0 ? '1' : 'aider') : state;
    });
    for (const force of [undefined, '1', '0'])
      for (const ci of [undefined, '', 'true'])
        for (const stdoutTTY of [false, true])
          for (const stdinTTY of [false, true]) {
            const full = {
              ...env,
              ...(force === undefined ? {} : { FORCE_TTY: force }),
              ...(ci === undefined ? {} : { CI: ci }),
            };
            yield { env: full, stdoutTTY, stdinTTY };
          }
  }
}

const probe = defineCommand({
  name: 'probe',
  effects: 'read_only',
  run: (ctx) => ({ agent: ctx.agent ?? null, interactive: ctx.interactive }),
});

describe('what a handler is told about its caller', () => {
  it('A1 A2 · ctx.agent and ctx.interactive over every combination of agent variables, FORCE_TTY, CI and terminals', async () => {
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
    expect(checked).toBe(3 ** 5 * 3 * 3 * 2 * 2);
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
