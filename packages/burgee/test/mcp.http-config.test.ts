import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { runProgram } from '../src/testing/index.js';
import { example } from './support/cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';

const TOKEN = 'config-entry-token-0123456789';
const env = { BURGEE_MCP_TOKEN: TOKEN };

type Entry = {
  url?: string;
  httpUrl?: string;
  serverUrl?: string;
  headers?: Record<string, string>;
  bearer_token_env_var?: string;
};

/** What a client does with its entry: the URL from its own key, headers with `${VAR}` / `${env:VAR}` read from the environment. */
function asClientWould(
  entry: Entry,
  variables: Record<string, string>,
): { url: string; headers: Record<string, string> } {
  const url = entry.url ?? entry.httpUrl ?? entry.serverUrl;
  if (url === undefined) throw new Error(`no URL in ${JSON.stringify(entry)}`);
  const expand = (text: string) =>
    text.replace(/\$\{(?:env:)?([A-Z0-9_]+)\}/g, (_, name: string) => variables[name] ?? '');
  const headers = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([k, v]) => [k, expand(v)]));
  if (entry.bearer_token_env_var !== undefined)
    headers.Authorization = `Bearer ${variables[entry.bearer_token_env_var]}`;
  return { url, headers };
}

describe('K1, M7 · the URL entries of mcp config reach the HTTP server', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await spawnHttp(example('deploy'), [], env);
  });
  afterAll(() => server.stop());

  const withHeaders = ['claude-code', 'cursor', 'vscode', 'codex', 'gemini', 'windsurf'];
  it.each(withHeaders)(
    'K1 · %s: the entry names a placeholder, never the token; filled in, it lists the tools',
    async (client) => {
      const config = await runProgram(deploy, ['mcp', 'config', client, '--http', server.url, '--json'], { env });
      expect(config.exitCode).toBe(0);
      expect(config.stdout + config.stderr).not.toContain(TOKEN);
      const entry = (config.json as { data: { entry: Entry } }).data.entry;
      const { url, headers } = asClientWould(entry, env);
      expect(url).toBe(server.url);
      const connected = await connectHttp(url, { headers });
      try {
        expect((await connected.listTools()).tools.map((tool) => tool.name)).toEqual(['deploy']);
      } finally {
        await connected.close();
      }
    },
  );

  it('K1 · claude-desktop takes no header: its entry reaches a token-protected server without one (401)', async () => {
    const config = await runProgram(deploy, ['mcp', 'config', 'claude-desktop', '--http', server.url, '--json'], {
      env,
    });
    expect(config.stdout + config.stderr).not.toContain(TOKEN);
    const { url, headers } = asClientWould((config.json as { data: { entry: Entry } }).data.entry, env);
    expect(headers).toEqual({});
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it.each([
    [
      'claude-desktop',
      'claude-desktop reads no token from this file: give it the token from $BURGEE_MCP_TOKEN in its own settings',
    ],
    ['cursor', 'the client reads the token from $BURGEE_MCP_TOKEN: set it where the client starts, not in this file'],
    ['codex', 'the client reads the token from $BURGEE_MCP_TOKEN: set it where the client starts, not in this file'],
  ])('K1, M7 · mcp config %s --http says where the token goes, and never holds it', async (client, note) => {
    const config = await runProgram(deploy, ['mcp', 'config', client, '--http', server.url], { env });
    expect(config.exitCode).toBe(0);
    expect(config.stdout.split('\n')[1]).toBe(`# ${note}`);
    expect(config.stdout + config.stderr).not.toContain(TOKEN);
  });
});
