import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { runProgram } from '../src/testing/index.js';
import { example, runCli } from './support/cli.js';
import { type HttpServer, spawnHttp } from './support/http.js';
import { faults } from './support/mcp.js';

const TOKEN = 's3cret-token-for-tests';
const accept = 'application/json, text/event-stream';
const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize() });

function initialize() {
  return { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } };
}

/** A raw request through node:http, which (unlike fetch) lets a test send any Host header and any body. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | AsyncIterable<Buffer> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    const body = options.body;
    if (body === undefined || typeof body === 'string') req.end(body);
    else
      void (async () => {
        for await (const chunk of body) if (!req.destroyed) req.write(chunk);
        req.end();
      })().catch(() => {});
  });
}

const json = { 'content-type': 'application/json', accept };

describe('M7 · the gate: Host and Origin, then the token', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await spawnHttp(example('deploy'), ['--allow-origin', 'https://app.example.com'], {
      BURGEE_MCP_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    await server.stop();
    // The token never appears in what the server prints (M7).
    expect(server.stderr()).not.toContain(TOKEN);
  });

  const auth = { authorization: `Bearer ${TOKEN}` };
  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer s3cret-token-for-test' }],
    ['the token without the Bearer scheme', { authorization: TOKEN }],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('M7 · %s → 401 with WWW-Authenticate: Bearer, and the token named nowhere', async (_, headers) => {
    const response = await send(server.url, { headers: { ...json, ...headers }, body: list });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.text).not.toContain(TOKEN);
  });

  it('M7 · the right token → the MCP answer', async () => {
    const response = await send(server.url, { headers: { ...json, ...auth }, body: list });
    expect(response.status).toBe(200);
    expect(response.text).toContain('"serverInfo":{"name":"tool"');
  });

  const port = () => new URL(server.url).port;
  it.each([
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    ['an Origin on another port of localhost', () => ({ origin: 'http://localhost:1' })],
    ['the opaque Origin "null"', () => ({ origin: 'null' })],
    ['a foreign Host (DNS rebinding)', () => ({ host: `evil.example:${port()}` })],
    ['a loopback Host without the port', () => ({ host: 'localhost' })],
  ])('M7 · %s → 403, before the token is even looked at', async (_, headers) => {
    // Without the token too: a 401 would tell a rebinding page that something listens here.
    for (const extra of [{}, auth]) {
      const response = await send(server.url, { headers: { ...json, ...extra, ...headers() }, body: list });
      expect(response.status).toBe(403);
    }
  });

  it.each([
    ['no Origin (agents and other non-browser clients)', () => ({})],
    ['the server’s own origin', () => ({ origin: `http://localhost:${port()}` })],
    ['[::1] with the port as Host', () => ({ host: `[::1]:${port()}` })],
    ['an origin listed with --allow-origin', () => ({ origin: 'https://app.example.com' })],
  ])('M7 · %s passes the gate', async (_, headers) => {
    const response = await send(server.url, { headers: { ...json, ...auth, ...headers() }, body: list });
    expect(response.status).toBe(200);
  });

  it('M7 · a path other than /mcp is 404', async () => {
    const response = await send(server.url.replace('/mcp', '/other'), { headers: { ...json, ...auth }, body: list });
    expect(response.status).toBe(404);
  });

  it('M7 · OAuth discovery paths are 404 without the token too, so no client starts a sign-in that does not exist (probe: oauth-well-known)', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server']) {
      for (const extra of [{}, auth]) {
        const response = await send(server.url.replace('/mcp', path), { method: 'GET', headers: extra });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers['www-authenticate']).toBeUndefined();
      }
    }
  });

  it('M7 · the 401 for a missing token says how to send one; for a wrong one, that it is wrong (probe: http-401-hint)', async () => {
    const missing = await send(server.url, { headers: json, body: list });
    expect(JSON.parse(missing.text).error.message).toMatch(
      /^Unauthorized: this server needs its token: send "Authorization: Bearer <token>".*--token.*mcp config <client> --http <url> --token-env <NAME>/,
    );
    const wrong = await send(server.url, { headers: { ...json, authorization: 'Bearer nope' }, body: list });
    expect(JSON.parse(wrong.text).error.message).toBe(
      'Unauthorized: the token sent in "Authorization: Bearer <token>" is not the one this server was started with',
    );
  });
});

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

describe('M7 · the flags are rows of the global table', () => {
  it.each([
    ['--http without --mcp', ['--http', '0'], /--http works only with --mcp/],
    ['--token without --http', ['--mcp', '--token', TOKEN], /--token works only with --http/],
    ['--max-body without --http', ['--mcp', '--max-body', '2MiB'], /--max-body works only with --http/],
    ['--http on a command', ['deploy', '--mcp', '--http', '0'], /belongs to the whole program/],
    ['a bad --http', ['--mcp', '--http', 'port'], /--http "port": the port is not a number/],
    ['a bad --max-body', ['--mcp', '--http', '0', '--max-body', 'big'], /--max-body "big"/],
    ['a bad --allow-origin', ['--mcp', '--http', '0', '--allow-origin', 'example.com'], /--allow-origin "example.com"/],
  ])('M7 · %s is a usage error (exit 2) that never shows the token', async (_, argv, message) => {
    const result = await runProgram(deploy, [...argv, '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({ ok: false, error: { code: 2, message: expect.stringMatching(message) } });
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('M7 · a fix line never carries the token, given apart or inline', async () => {
    for (const token of [['--token', TOKEN], [`--token=${TOKEN}`]]) {
      const result = await runProgram(deploy, ['--mcp', '--http', '0', ...token, '--max-bdy=1m']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('fix: tool --mcp --http 0 --token');
      expect(result.stderr).toContain('<secret>');
      expect(result.stderr).not.toContain(TOKEN);
    }
  });
});

describe('M7 · lifecycle', () => {
  it('M7 · a non-loopback bind without a token refuses to start: exit 2, naming --token', async () => {
    const result = await runCli(example('deploy'), ['--mcp', '--http', '0.0.0.0:0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no --token is set/);
    expect(result.stderr).toContain('BURGEE_MCP_TOKEN');
  });

  const unsendable: [string, string, string][] = [
    ['a space', 'mcp-http-token-space', 'tok en'],
    ['a newline', 'mcp-http-token-newline', 'tok\nen'],
    ['a control character', 'mcp-http-token-control', 'tok\u0001en'],
    ['a trailing tab', 'mcp-http-token-tab', 'token\t'],
    ['a letter outside ASCII', 'mcp-http-token-non-ascii', 'tokén'],
  ];
  const why =
    'holds whitespace, a control character or a character outside ASCII, which no client can send as a bearer token';

  it.each(unsendable)(
    'M7 · a --token holding %s is refused at start: exit 2 naming --token, never showing it (probe: %s)',
    async (_, _probe, token) => {
      const result = await runCli(example('deploy'), ['--mcp', '--http', '127.0.0.1:0', '--token', token, '--json']);
      expect(result.code).toBe(2);
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: 2, message: `--token ${why}` } });
      expect(result.stdout + result.stderr).not.toContain(token);
      expect(result.stderr).toBe('');
    },
  );

  it('M7 · the same token from BURGEE_MCP_TOKEN is exit 3 naming the variable (probe: mcp-http-token-env)', async () => {
    const result = await runCli(example('deploy'), ['--mcp', '--http', '127.0.0.1:0'], {
      env: { BURGEE_MCP_TOKEN: 'tok en' },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`error: BURGEE_MCP_TOKEN ${why}\n`);
    expect(result.stderr).not.toContain('tok en');
  });

  it('M7 · a port in use is exit 3 naming the port, not a stack trace', async () => {
    const first = await spawnHttp(example('deploy'));
    try {
      const port = new URL(first.url).port;
      const result = await runCli(example('deploy'), ['--mcp', '--http', `127.0.0.1:${port}`]);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(`port ${port} is already in use`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await first.stop();
    }
  });

  it('M7 · closing stdin does not stop it; SIGTERM lets the call in flight finish, then exit 0', async () => {
    const server = await spawnHttp(faults);
    server.child.stdin!.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.child.exitCode).toBeNull();
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { id: 'in-flight', delay: 1500 } },
    });
    const headers = { ...json, 'mcp-protocol-version': '2025-11-25' };
    const answer = send(server.url, { headers, body: call });
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGTERM');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.text).toContain('{\\"ok\\":true,\\"data\\":{\\"id\\":\\"in-flight\\"}');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('M7 · SIGINT drains as SIGTERM does: the call in flight finishes, then exit 0 (probe: http-sigint-drain)', async () => {
    const server = await spawnHttp(faults);
    const headers = { ...json, 'mcp-protocol-version': '2025-11-25' };
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'echo', arguments: { id: 'interrupted', delay: 1500 } },
    });
    const answer = send(server.url, { headers, body: call });
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGINT');
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.text).toContain('{\\"ok\\":true,\\"data\\":{\\"id\\":\\"interrupted\\"}');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('M7 · a call that never ends holds the stop for 10 s at most, then exit 0 (probe: http-drain-cap)', async () => {
    const server = await spawnHttp(faults);
    const headers = { ...json, 'mcp-protocol-version': '2025-11-25' };
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'hang', arguments: {} },
    });
    void send(server.url, { headers, body: call }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const seconds = (Date.now() - stopped) / 1000;
    // It waited for the call (not a quick exit), and no longer than the cap and a margin for a loaded machine.
    expect(seconds).toBeGreaterThan(9);
    expect(seconds).toBeLessThan(14);
  }, 30_000);
});
