import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envelopeOf, spawnRaw } from './support/mcp.js';

const script = fileURLToPath(new URL('./fixtures/mcp-stream.mjs', import.meta.url));

const frame = (id: number, method: string, params: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const initialize = frame(1, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw', version: '1' },
});

describe('M5 · writes around the capture hook never reach the protocol stream', () => {
  const bypasses = [
    ['fs.writeSync and fs.write to descriptor 1', ['fd-write', 'fd-write-async'], /fs\.writeSync to descriptor 1\n/],
    ['children spawned with inherited stdout, and fork()', ['inherit', 'fork'], /forked child writes/],
    ['process.stdout.end() and destroy()', ['end', 'destroy'], undefined],
  ] as const;

  it.each(bypasses)('M5 · %s: every stdout byte is a frame, and the server answers on', async (_, tools, onStderr) => {
    const raw = spawnRaw(script);
    raw.send(initialize);
    await raw.response(1);
    raw.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    let id = 2;
    for (const name of tools) {
      raw.send(frame(id, 'tools/call', { name, arguments: {} }));
      expect(await raw.response(id)).toMatchObject({ result: { isError: false } });
      id++;
    }
    raw.send(frame(id, 'tools/list', {}));
    expect(await raw.response(id)).toMatchObject({ result: { tools: expect.any(Array) } });
    raw.send(frame(id + 1, 'tools/call', { name: 'ping', arguments: {} }));
    const pong = await raw.response(id + 1);
    expect(pong).toMatchObject({ result: { isError: false } });
    expect(envelopeOf(pong.result)).toMatchObject({ ok: true, data: 'pong' });
    expect(await raw.close()).toBe(0);
    const lines = raw.stdout().split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(lines.length).toBe(tools.length + 3);
    // Not vacuous: what the handlers wrote went somewhere, and that was stderr.
    if (onStderr !== undefined) expect(raw.stderr()).toMatch(onStderr);
  });
});

describe('M6 · one answer per oversized frame', () => {
  it('M6 · a 50 MB line is refused with exactly one parse error, and the next frame is answered', async () => {
    const raw = spawnRaw(script);
    raw.send(initialize);
    await raw.response(1);
    raw.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"pad":"${'x'.repeat(50 * 1024 * 1024)}"}}`);
    raw.send(frame(3, 'tools/list', {}));
    expect(await raw.response(3)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(await raw.close()).toBe(0);
    const errors = raw
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"error"'));
    expect(errors).toHaveLength(1);
    expect(JSON.parse(errors[0]!)).toMatchObject({ id: null, error: { code: -32700 } });
  });
});
