import { describe, expect, it } from 'vitest';
import { mintState, readState, STATE_TTL_SECONDS, stateKey } from './request-state.js';

const call = { tool: 'rollback', args: { service: 'api', count: 2 } };
const asked = { kind: 'options' as const, keys: ['reason'] };

describe('Q1 · requestState: signed, bound to the call, short-lived', () => {
  it('Q1 · a state reads back for its own call, whatever the order of the arguments', async () => {
    const state = await mintState(undefined, { ...call, asked });
    expect(await readState(undefined, state, { tool: 'rollback', args: { count: 2, service: 'api' } })).toEqual({
      ...call,
      asked,
    });
  });

  it('Q1 · expired after STATE_TTL_SECONDS; another key refuses it', async () => {
    const now = Date.now();
    const state = await mintState(undefined, { ...call, asked }, now);
    const later = now + (STATE_TTL_SECONDS + 1) * 1000;
    expect(await readState(undefined, state, call, later)).toEqual({ refused: expect.stringMatching(/expired/) });
    const shared = stateKey({ BURGEE_MCP_STATE_KEY: 's'.repeat(32) });
    expect(await readState(shared, state, call)).toEqual({ refused: expect.stringMatching(/another server/) });
    expect(await readState(shared, await mintState(shared, { ...call, asked }), call)).toMatchObject({ asked });
  });

  it('Q1 · the shared key is read from BURGEE_MCP_STATE_KEY; shorter than 32 characters is a CONFIG error', () => {
    expect(stateKey({})).toBeUndefined();
    expect(() => stateKey({ BURGEE_MCP_STATE_KEY: 'x'.repeat(31) })).toThrow(/at least 32/);
  });
});
