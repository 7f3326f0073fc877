// The global flags that shape the MCP server itself (M10): --http, --token, --allow-origin and
// --max-body, each checked on the server it shapes.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { envelopeOf } from './support/mcp.js';
import { type Envelope, rows, SURFACES, ship, shipFolder, WORDS } from './support/mcp-globals.js';

const { dir, serve } = shipFolder();

/** A raw POST of `body` to the server, with `headers`; the status it answers with. */
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  const all = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: all }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'm10', version: '1' } },
});

describe('M10 · serves: flags that shape the server itself', () => {
  it('M10 · --mcp serves every tool on stdio, --mcp --http the same over HTTP', async () => {
    for (const [, surface] of SURFACES) {
      const server = await serve(surface, []);
      try {
        const { tools } = await server.client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([
          'status',
          'config_get',
          'config_set',
          'release',
          'rollback',
          'db_backup',
        ]);
      } finally {
        await server.close();
      }
    }
  });

  it.concurrent.each(rows('serves').filter((name) => name !== 'mcp'))(
    'M10 · --%s on the command line without the server is refused, naming what it needs',
    async (name) => {
      const result = await runCli(ship, WORDS[name], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: --${name} works only with --${name === 'http' ? 'mcp' : 'http'}`,
      );
    },
  );

  it.concurrent.each(['token', 'allow-origin', 'max-body'] as const)(
    'M10 · --mcp --%s on stdio is refused: it shapes an HTTP server, and stdio has none',
    async (name) => {
      const result = await runCli(ship, ['--mcp', ...WORDS[name]], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n').slice(0, 2)).toEqual([
        `error: --${name} works only with --http`,
        'hint: add --http <addr>',
      ]);
    },
  );

  it('M10 · --mcp --http --token: a request without it is 401, the client with it is served', async () => {
    const server = await spawnHttp(ship, WORDS.token, {}, '127.0.0.1:0', dir);
    try {
      expect(await post(server.url, INITIALIZE)).toBe(401);
      const client = await connectHttp(server.url, { token: 'tok-for-m10' });
      const result = await client.callTool({ name: 'db_backup', arguments: {} });
      expect((envelopeOf(result) as Envelope).data).toEqual({ tables: 5, file: 'backup.sql' });
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('M10 · --mcp --http --allow-origin: that Origin is served, another is 403', async () => {
    const server = await spawnHttp(ship, WORDS['allow-origin'], {}, '127.0.0.1:0', dir);
    try {
      expect(await post(server.url, INITIALIZE, { origin: 'https://app.example.com' })).toBe(200);
      expect(await post(server.url, INITIALIZE, { origin: 'https://other.example.com' })).toBe(403);
    } finally {
      await server.stop();
    }
  });

  it('M10 · --mcp --http --max-body 1k: a 2 KiB body is 413, a small one is served', async () => {
    const server = await spawnHttp(ship, WORDS['max-body'], {}, '127.0.0.1:0', dir);
    try {
      const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2048) } });
      expect(await post(server.url, big)).toBe(413);
      expect(await post(server.url, INITIALIZE)).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
