import { describe, expect, it } from 'vitest';
import { envelopeOf, faults, spawnRaw } from './support/mcp.js';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
});
const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const call = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** Every JSON-RPC message the server wrote, by id. */
const answers = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id?: unknown; result?: unknown });

describe('a client that closes stdin right after sending', () => {
  it('M1 · calls still in flight when stdin closes are answered before the server exits', async () => {
    const server = spawnRaw(faults);
    server.send(initialize);
    server.send(initialized);
    server.send(call(2, 'echo', { id: 'late', delay: 300 }));
    const code = await server.close();
    expect(code).toBe(0);
    const answer = answers(server.stdout()).find((m) => m.id === 2);
    expect(envelopeOf(answer?.result)).toMatchObject({ ok: true, data: { id: 'late' } });
  });

  it('M9 · a call cancelled before stdin closes is not waited for: the server exits', async () => {
    const server = spawnRaw(faults);
    server.send(initialize);
    server.send(initialized);
    server.send(call(2, 'hang', {}));
    server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }));
    const started = Date.now();
    expect(await server.close()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
