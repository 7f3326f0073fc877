// M7's lifecycle of the HTTP server: refusals at start, a port in use, and draining on SIGTERM and
// SIGINT; its own file because these tests start and stop servers of their own, some for seconds.
import { describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { jsonHeaders as json, rawRequest as send, spawnHttp } from './support/http.js';
import { faults } from './support/mcp.js';

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
