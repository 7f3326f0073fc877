import { describe, expect, it } from 'vitest';
import { AGENT_VARIABLES, detectAgent } from './agent.js';

describe('detectAgent', () => {
  it('A1 · AI_AGENT=1 names the generic agent', () => {
    expect(detectAgent({ AI_AGENT: '1' })).toBe('generic');
  });

  it('A1 · any other AI_AGENT value is the agent name as given', () => {
    expect(detectAgent({ AI_AGENT: 'amp' })).toBe('amp');
    expect(detectAgent({ AI_AGENT: 'true' })).toBe('true');
  });

  it.each([
    ['CLAUDECODE', 'claude-code'],
    ['CURSOR_AGENT', 'cursor'],
    ['CODEX_THREAD_ID', 'codex'],
    ['GEMINI_CLI', 'gemini'],
  ])('A1 · %s alone names %s', (variable, name) => {
    expect(detectAgent({ [variable]: 'anything' })).toBe(name);
  });

  it('A1 · CURSOR_TRACE_ID is never read, since Cursor sets it in human terminals', () => {
    expect(detectAgent({ CURSOR_TRACE_ID: '0123abcd' })).toBeUndefined();
  });

  it('A1 · empty values and an empty env name no agent', () => {
    expect(detectAgent({})).toBeUndefined();
    expect(detectAgent({ AI_AGENT: '', CLAUDECODE: '', CURSOR_AGENT: '', CODEX_THREAD_ID: '', GEMINI_CLI: '' })).toBe(
      undefined,
    );
  });

  it('A1 · the variables are consulted in the documented order', () => {
    expect(AGENT_VARIABLES).toEqual(['AI_AGENT', 'CLAUDECODE', 'CURSOR_AGENT', 'CODEX_THREAD_ID', 'GEMINI_CLI']);
  });
});
