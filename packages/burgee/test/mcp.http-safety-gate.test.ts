// M7's gate over HTTP (Host and Origin, then the token) and the HTTP flags as rows of the global
// table; its own file, with the token both use, apart from the body limit and the lifecycle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { runProgram } from '../src/testing/index.js';
import { example } from './support/cli.js';
import { type HttpServer, jsonHeaders as json, rawRequest as send, spawnHttp } from './support/http.js';

const TOKEN = 's3cret-token-for-tests';
const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize() });

function initialize() {
  return { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } };
}

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
