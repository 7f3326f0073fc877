import { describe, expect, it } from 'vitest';
import { mintState, readState, STATE_TTL_SECONDS, stateKey } from './request-state.js';

const call = { program: 'ship', tool: 'rollback', args: { service: 'api', count: 2 } };
const asked = { kind: 'options' as const, keys: ['reason'] };

describe('Q1 · requestState: signed, bound to the call, short-lived', () => {
  it('Q1 · a state reads back for its own call, whatever the order of the arguments', async () => {
    const state = await mintState(undefined, { ...call, asked });
    const again = { ...call, args: { count: 2, service: 'api' } };
    expect(await readState(undefined, state, again)).toEqual({ ...again, asked });
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

  it('Q1 · a key of spaces, or padded with them to 32, is refused (probe: state-key-spaces)', () => {
    expect(() => stateKey({ BURGEE_MCP_STATE_KEY: ' '.repeat(32) })).toThrow(/0 characters besides spaces/);
    expect(() => stateKey({ BURGEE_MCP_STATE_KEY: `${'k'.repeat(20)}${' '.repeat(20)}` })).toThrow(/at least 32/);
    expect(stateKey({ BURGEE_MCP_STATE_KEY: 'k'.repeat(32) })).toBeInstanceOf(Buffer);
  });
});

describe('Q1 · the replay matrix: only the first retry of a fresh state is read', () => {
  const key = stateKey({ BURGEE_MCP_STATE_KEY: 'k'.repeat(32) });
  const cases: [string, Partial<typeof call>, RegExp][] = [
    ['other arguments', { args: { service: 'api', count: 3 } }, /another call/],
    ['another tool', { tool: 'release' }, /another call/],
    ['another program sharing the key', { program: 'other' }, /another call/],
  ];

  it.each(cases)('Q1 · %s: refused, and the state still answers its own call once', async (_, change, says) => {
    const state = await mintState(key, { ...call, asked });
    expect(await readState(key, state, { ...call, ...change })).toEqual({ refused: expect.stringMatching(says) });
    expect(await readState(key, state, call)).toMatchObject({ asked });
  });

  it('Q1 · after its use: the same call with the same state is refused, every time', async () => {
    const state = await mintState(key, { ...call, asked: { kind: 'confirm', argv: ['deploy'], envelope: '{}' } });
    expect(await readState(key, state, call)).toMatchObject({ asked: { kind: 'confirm' } });
    for (let replay = 0; replay < 3; replay++) {
      expect(await readState(key, state, call)).toEqual({ refused: expect.stringMatching(/used already/) });
    }
  });

  it('Q1 · after expiry: refused, though never used', async () => {
    const now = Date.now();
    const state = await mintState(key, { ...call, asked }, now);
    const later = now + (STATE_TTL_SECONDS + 1) * 1000;
    expect(await readState(key, state, call, later)).toEqual({ refused: expect.stringMatching(/expired/) });
  });

  it('Q1 · two states of the same call are two retries: each is read once', async () => {
    const [first, second] = [await mintState(key, { ...call, asked }), await mintState(key, { ...call, asked })];
    expect(first).not.toBe(second);
    expect(await readState(key, first, call)).toMatchObject({ asked });
    expect(await readState(key, second, call)).toMatchObject({ asked });
    expect(await readState(key, first, call)).toEqual({ refused: expect.stringMatching(/used already/) });
  });
});

describe('D3 · a state holds no argument: a secret given to the call is nowhere in it', () => {
  it('D3 · the token is not in the state, in clear or in base64', async () => {
    const token = 'tok-4f9a1c2e8b7d6e5f';
    const state = await mintState(undefined, { ...call, args: { service: 'api', token }, asked });
    const body = Buffer.from(state.split('.')[0]!, 'base64url').toString('utf8');
    expect(body).toContain('"tool":"rollback"');
    expect(body).not.toContain(token);
    expect(body).not.toContain('api');
    expect(state).not.toContain(Buffer.from(token).toString('base64url').slice(0, 12));
  });
});
