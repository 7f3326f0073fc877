import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { connectStdio, envelopeOf, faults, type StdioServer, spawnRaw, texts } from './support/mcp.js';

describe('M5 · concurrent calls are isolated', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectStdio(faults);
  });
  afterAll(() => server.close());

  it('M5 · 200 calls, 10 in flight, each get their own result and their own captured output', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `call-${i}`);
    const results = new Map<string, unknown>();
    let inFlight = 0;
    let most = 0;
    const worker = async () => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        inFlight++;
        most = Math.max(most, inFlight);
        const delay = Math.floor(Math.random() * 15);
        results.set(id, await server.client.callTool({ name: 'echo', arguments: { id, delay } }));
        inFlight--;
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    expect(most).toBe(10);
    expect(results.size).toBe(200);
    for (const [id, result] of results) {
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { id } });
      // What the handler printed, to stdout and stderr alike, and nothing of any other call.
      expect(texts(result).captured).toBe(`log ${id}\nwrite ${id}\nerror ${id}\nafter ${id}\n`);
    }
  });
});

describe('M6 · a handler that misbehaves yields an error result, and the server answers the next call', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectStdio(faults, { env: { BURGEE_MCP_TIMEOUT_MS: '400' } });
  });
  afterAll(() => server.close());

  const faultsTable: [string, string, number, RegExp][] = [
    ['throws a non-Error', 'throw-value', 1, /^a plain string, not an Error$/],
    ['rejects', 'reject', 1, /^rejected on purpose$/],
    // The code the handler asked for, as under --json (E7): the tool result is that envelope (M4).
    ['calls process.exit', 'exit', 3, /process\.exit\(3\)/],
    ['never settles (per-call timeout, BURGEE_MCP_TIMEOUT_MS)', 'hang', 1, /did not finish within 400 ms/],
  ];
  it.each(faultsTable)('M6 · a handler that %s', async (_, tool, code, message) => {
    const result = await server.client.callTool({ name: tool, arguments: {} });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code, message } });
    const next = await server.client.callTool({ name: 'echo', arguments: { id: 'next' } });
    expect(envelopeOf(next)).toMatchObject({ ok: true, data: { id: 'next' } });
  });

  it('M6 · an unreadable BURGEE_MCP_TIMEOUT_MS refuses to serve: exit 3 naming the variable', async () => {
    const result = await runCli(faults, ['--mcp', '--json'], { env: { BURGEE_MCP_TIMEOUT_MS: 'soon' } });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      error: { code: 3, message: /BURGEE_MCP_TIMEOUT_MS is "soon"/ },
    });
  });

  it('M6 · the timeout also aborts ctx.signal of the call it ends', async () => {
    const result = await server.client.callTool({ name: 'slow', arguments: { id: 'timed-out' } });
    expect(envelopeOf(result)).toMatchObject({ error: { message: /within 400 ms/ } });
    const aborted = await server.client.callTool({ name: 'aborted', arguments: {} });
    expect(envelopeOf(aborted)).toMatchObject({ data: { 'timed-out': expect.stringMatching(/within 400 ms/) } });
  });
});

describe('M5 · M6 · the raw stdout of a server holds protocol frames only', () => {
  it('M5 · every stdout line is a JSON-RPC message, whatever handlers print, in or outside a call; M6 · a malformed frame gets -32700 and the server goes on', async () => {
    const raw = spawnRaw(faults);
    const call = (id: number, name: string, args: Record<string, unknown> = {}) =>
      raw.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }));
    raw.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    );
    await raw.response(1);
    raw.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    call(2, 'echo', { id: 'a' });
    call(3, 'stray');
    raw.send('{not json}');
    const parseError = await raw.response(null);
    call(4, 'echo', { id: 'b' });
    const [echo, stray, after] = await Promise.all([raw.response(2), raw.response(3), raw.response(4)]);
    expect(parseError).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(echo).toMatchObject({ result: { isError: false } });
    expect(envelopeOf(echo.result)).toMatchObject({ data: { id: 'a' } });
    // Its rejection nobody handles fails it, as it fails the same run on the CLI (M4, E10).
    expect(stray).toMatchObject({ result: { isError: true } });
    expect(envelopeOf(stray.result)).toMatchObject({ error: { message: 'a rejection nobody handles' } });
    expect(after).toMatchObject({ result: { isError: false } });
    expect(envelopeOf(after.result)).toMatchObject({ data: { id: 'b' } });
    expect(await raw.close()).toBe(0);
    const lines = raw.stdout().split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(lines.length).toBe(5);
    // Not vacuous: the handlers did print, and it went to stderr or into the result, never to stdout.
    expect(raw.stderr()).toContain('stray console.log outside any call\nstray stdout write outside any call\n');
    expect(raw.stderr()).toContain('burgee mcp: a rejection outside any call');
    expect(raw.stdout()).toContain('log a\\nwrite a\\n');
  });
});

describe('M4 · an error that escapes a handler asynchronously fails its own call, with the envelope the CLI gives', () => {
  const owner = `${repoRoot}packages/burgee/test/fixtures/json-owner.mjs`;
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectStdio(owner);
  });
  afterAll(() => server.close());

  const probes: [string, string, string][] = [
    ['a throw in a timer', 'mcp-timer-throw', 'timer-throw'],
    ['a rejection nobody handles', 'mcp-stray-rejection', 'rejection'],
    ['process.exit in a timer', 'mcp-exit-in-timer', 'exit-in-timer'],
  ];
  it.each(probes)('M4 · %s during a call fails that call, never ok:true (probe: %s)', async (_, _probe, tool) => {
    const [result, cli] = await Promise.all([
      server.client.callTool({ name: tool, arguments: {} }),
      runCli(owner, [tool, '--json']),
    ]);
    expect(result.isError).toBe(true);
    expect(`${texts(result).envelope}\n`).toBe(cli.stdout);
    expect(envelopeOf(result)).toEqual(JSON.parse(cli.stdout));
    expect(cli.code).not.toBe(0);
  });

  it('M4 · the fault stays with its call: one running beside it answers ok, and the server serves the next', async () => {
    const [failing, beside] = await Promise.all([
      server.client.callTool({ name: 'timer-throw', arguments: {} }),
      server.client.callTool({ name: 'fd-write', arguments: {} }),
    ]);
    expect(failing.isError).toBe(true);
    expect(envelopeOf(beside)).toEqual({ ok: true, data: { done: true }, meta: { provenance: {} } });
    const next = await server.client.callTool({ name: 'rejection', arguments: {} });
    expect(envelopeOf(next)).toMatchObject({ ok: false, error: { message: 'a rejection nobody handles' } });
  });
});
