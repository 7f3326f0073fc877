// M7's body limit over HTTP, and M3's "__proto__" argument key refused over HTTP as over stdio;
// its own file: what the server does with a request's body once it is past the gate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example } from './support/cli.js';
import { type HttpServer, jsonHeaders as json, rawRequest as send, spawnHttp } from './support/http.js';

describe('M7 · the body limit', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await spawnHttp(example('deploy'));
  });
  afterAll(() => server.stop());

  const twoMiB = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}}`;

  it('M7 · a 2 MiB body with Content-Length → 413 without reading it', async () => {
    const response = await send(server.url, { headers: json, body: twoMiB });
    expect(response.status).toBe(413);
    expect(response.text).toContain('--max-body');
  });

  it('M7 · a chunked 2 MiB body → 413 as soon as the limit is passed, long before the rest is sent', async () => {
    let sent = 0;
    let answeredAt: number | undefined;
    async function* slowly() {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      // 32 chunks of 64 KiB, 20 ms apart: the whole body would take over 600 ms.
      for (let i = 0; i < 32 && answeredAt === undefined; i++) {
        sent += chunk.length;
        yield chunk;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const response = await send(server.url, { headers: json, body: slowly() }).finally(() => {
      answeredAt = sent;
    });
    expect(response.status).toBe(413);
    expect(answeredAt).toBeLessThan(2 * 1024 * 1024);
  });

  it('M7 · --max-body raises the limit: the same 2 MiB reaches the MCP handler', async () => {
    const roomy = await spawnHttp(example('deploy'), ['--max-body', '4MiB']);
    try {
      const response = await send(roomy.url, { headers: json, body: twoMiB });
      // Past the gate and the limit, the SDK judges the message itself (no session: not a 413).
      expect(response.status).not.toBe(413);
      expect(response.status).toBeLessThan(500);
    } finally {
      await roomy.stop();
    }
  });
});

describe('M3 · a "__proto__" argument key, over HTTP as over stdio', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await spawnHttp(example('deploy'));
  });
  afterAll(() => server.stop());

  const call = (args: string) =>
    `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"deploy","arguments":${args}}}`;
  const headers = { ...json, 'mcp-protocol-version': '2025-11-25' };

  it('M3 · is refused with the invalid-params error naming it, not dropped without a word; the next call is answered', async () => {
    const refused = await send(server.url, { headers, body: call('{"target":"prod","__proto__":{"yes":true}}') });
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Invalid params: tool arguments may not hold the key "__proto__"' },
    });
    const answered = await send(server.url, { headers, body: call('{"target":"prod","yes":true}') });
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('\\"target\\":\\"prod\\"');
  });
});
