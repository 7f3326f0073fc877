import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example } from './support/cli.js';
import { connectStdio, envelopeOf, type StdioServer, spawnRaw } from './support/mcp.js';

const ship = example('ship');

describe('M3 · tool arguments are checked against inputSchema before anything runs', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectStdio(ship);
  });
  afterAll(() => server.close());

  const wrong: [string, string, Record<string, unknown>, string][] = [
    ['an object for a string', 'release', { build: { x: 1 } }, 'argument "build" expects a string, got an object'],
    ['an array for a string', 'release', { build: ['a', 'b'] }, 'argument "build" expects a string, got an array'],
    ['a number for a boolean', 'status', { problems: 1 }, 'argument "problems" expects a boolean, got a number'],
    [
      'a string for a number',
      'release',
      { build: '1', replicas: 'many' },
      'argument "replicas" expects an integer, got a string',
    ],
    [
      'a fraction for an integer',
      'release',
      { build: '1', replicas: 2.5 },
      'argument "replicas" expects an integer, got a number with a fraction',
    ],
    [
      'a scalar for a list',
      'release',
      { build: '1', tag: 'x' },
      'argument "tag" expects an array of strings, got a string',
    ],
    [
      'a number inside a list',
      'release',
      { build: '1', tag: ['x', 2] },
      'argument "tag" expects an array of strings, got an element of another type',
    ],
    ['a number for a positional', 'config_get', { key: 5 }, 'argument "key" expects a string, got a number'],
    [
      'null for a number option (probe: mcp-null-option)',
      'release',
      { build: '1', replicas: null },
      'argument "replicas" expects an integer, got null',
    ],
    [
      'null for a required string option (probe: mcp-null-required)',
      'release',
      { build: null },
      'argument "build" expects a string, got null',
    ],
    [
      'null for a boolean (probe: mcp-null-boolean)',
      'status',
      { problems: null },
      'argument "problems" expects a boolean, got null',
    ],
    [
      'null for a positional (probe: mcp-null-positional)',
      'config_get',
      { key: null },
      'argument "key" expects a string, got null',
    ],
  ];

  it.each(wrong)(
    'M3 · %s is refused naming the argument and the type, never coerced',
    async (_, name, args, message) => {
      const result = await server.client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code: 2, message } });
    },
  );

  it('M3 · a secret of the wrong type is refused without its value', async () => {
    const result = await server.client.callTool({
      name: 'release',
      arguments: { build: '1', token: { value: 'hunter2' } },
    });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(envelopeOf(result)).toMatchObject({
      error: { message: 'argument "token" expects a string, got an object' },
    });
  });

  it('M3 · a 30,000-element list with an unknown key does not hold up other requests', async () => {
    const big = server.client.callTool({
      name: 'release',
      arguments: { build: '1', dryRun: true, tag: Array(30_000).fill('x'), bogus: 1 },
    });
    const list = server.client.listTools();
    const [called, listed] = await Promise.all([big, list]);
    expect(listed.tools.length).toBeGreaterThan(0);
    expect(envelopeOf(called)).toMatchObject({
      ok: false,
      error: { code: 2, message: 'unknown option --bogus for ship release' },
    });
  });
});

describe('M3 · M6 · keys and depths JSON.parse reads but a copy would lose', () => {
  it('M3 · a "__proto__" key gets an invalid-params error naming it; M6 · 5,000 levels of nesting are refused; the server answers on', async () => {
    const raw = spawnRaw(ship);
    raw.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    );
    await raw.response(1);
    raw.send(
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"status","arguments":{"__proto__":{"problems":true}}}}',
    );
    expect(await raw.response(2)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('"__proto__"') },
    });
    raw.send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"status","arguments":{}}}');
    expect(await raw.response(3)).toMatchObject({ result: { isError: false } });
    // M6: 5,000 levels, written by hand (JSON.stringify cannot write it): refused as input.
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    raw.send(
      `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"release","arguments":{"build":"1","bogus":${deep}}}}`,
    );
    const nested = await raw.response(4);
    expect(nested).toMatchObject({ result: { isError: true } });
    expect(envelopeOf(nested.result)).toMatchObject({
      error: { code: 2, message: 'an argument is nested too deeply to read' },
    });
    expect(await raw.close()).toBe(0);
  });
});
