import { describe, expect, it } from 'vitest';
import { AGENT_VARIABLES, detectAgent } from './agent.js';
import { interactive } from './interactive.js';

// The table restated by hand, in the documented order: [variable, a value a harness sets, the agent].
const TABLE = [
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
] as const;

// Set in a person's own terminal too: never read, whatever their value.
const LEFT_OUT = [
  ['CURSOR_TRACE_ID', '5d4c3b2a1f0e'],
  ['TERM_PROGRAM', 'vscode'],
  ['REPL_ID', 'a1b2c3d4-e5f6-7890-abcd-ef0123456789'],
  ['CURSOR_EXTENSION_HOST_ROLE', 'user'],
] as const;

const tty = { isTTY: true };

describe('detectAgent', () => {
  it('A1 · AI_AGENT=1 names the generic agent, and nobody may be asked', () => {
    expect(detectAgent({ AI_AGENT: '1' })).toBe('generic');
    expect(interactive({ env: { AI_AGENT: '1' }, stdin: tty })).toBe(false);
  });

  it('A1 · any other AI_AGENT value is the agent name as given', () => {
    expect(detectAgent({ AI_AGENT: 'amp' })).toBe('amp');
    expect(detectAgent({ AI_AGENT: 'true' })).toBe('true');
    expect(interactive({ env: { AI_AGENT: 'amp' }, stdin: tty })).toBe(false);
  });

  it.each(TABLE)('A1 A3 · %s=%s alone names %s, and nobody may be asked', (variable, value, agent) => {
    expect(detectAgent({ [variable]: value })).toBe(agent);
    expect(interactive({ env: { [variable]: value }, stdin: tty })).toBe(false);
  });

  it.each(LEFT_OUT)(
    'A1 A3 · %s=%s is never read: no agent, and a person at a terminal may be asked',
    (variable, value) => {
      expect(detectAgent({ [variable]: value })).toBeUndefined();
      expect(interactive({ env: { [variable]: value }, stdin: tty })).toBe(true);
    },
  );

  it('A1 · CURSOR_EXTENSION_HOST_ROLE counts only as agent-exec, exactly', () => {
    for (const value of ['user', 'agent', 'agent-exec ', 'AGENT-EXEC', 'agent-execution']) {
      expect(detectAgent({ CURSOR_EXTENSION_HOST_ROLE: value }), value).toBeUndefined();
    }
  });

  it('A1 · empty values and an empty env name no agent', () => {
    expect(detectAgent({})).toBeUndefined();
    expect(detectAgent(Object.fromEntries([['AI_AGENT', ''], ...TABLE.map(([variable]) => [variable, ''])]))).toBe(
      undefined,
    );
  });

  it('A1 · when two are set, the one higher in the table names the agent, whichever order the env lists them', () => {
    expect(detectAgent({ CLAUDECODE: '1', AI_AGENT: 'amp' })).toBe('amp');
    expect(detectAgent({ OPENCODE: '1', CLAUDECODE: '1' })).toBe('claude-code');
    expect(detectAgent({ CODEX_CI: '1', CURSOR_AGENT: '1' })).toBe('cursor');
    expect(detectAgent({ COPILOT_MODEL: 'gpt-5', GEMINI_CLI: '1' })).toBe('gemini');
    // A row that does not match lets the next one speak.
    expect(detectAgent({ CURSOR_EXTENSION_HOST_ROLE: 'user', CODEX_SANDBOX: 'seatbelt' })).toBe('codex');
    expect(detectAgent({ AI_AGENT: '', CLINE_ACTIVE: 'true' })).toBe('cline');
  });

  it('A1 · every pair of rows set together is named by the earlier row', () => {
    const rows = [['AI_AGENT', 'amp', 'amp'] as const, ...TABLE];
    for (const [i, [first, firstValue, agent]] of rows.entries()) {
      for (const [second, secondValue] of rows.slice(i + 1)) {
        expect(detectAgent({ [second]: secondValue, [first]: firstValue }), `${first} before ${second}`).toBe(agent);
      }
    }
  });

  it('A1 · the table holds the documented rows in the documented order', () => {
    const rows = AGENT_VARIABLES.map((row) => [row.variable, row.value ?? null, row.agent ?? null]);
    expect(rows).toEqual([
      ['AI_AGENT', null, null],
      ...TABLE.map(([variable, value, agent]) => [
        variable,
        variable === 'CURSOR_EXTENSION_HOST_ROLE' ? value : null,
        agent,
      ]),
    ]);
  });
});
