// The migration tool of examples/migrate, as a team would ship it: a required secret that only the
// environment gives (DATABASE_URL), a config file, a destructive command behind a prompt. It is
// checked clean, served to the official MCP client with the secret in the server's environment
// only, and registered with every client that can pass a variable, each entry read by that
// client's own format library and then started the way that client starts it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';
import { CLIENT_FILES, type Doc, parseAs } from './support/client-files.js';
import { childEnv, connectStdio, texts } from './support/mcp.js';

const mig = example('migrate');
const burgee = `${repoRoot}packages/burgee/dist/cli.js`;

let folder: string;
let url: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'burgee-mig-'));
  url = `file:${join(folder, 'db.json')}`;
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const envelope = (result: unknown) => JSON.parse(texts(result).envelope);

describe('P2 · the migration tool: a required secret the environment gives', () => {
  it('X1 · burgee check finds nothing: its examples rely on DATABASE_URL and type no secret (probe: check-secret-env)', async () => {
    const result = await runCli(burgee, ['check', mig]);
    expect(result.stdout + result.stderr).toContain('no findings');
    expect(result.code).toBe(0);
  });

  it('S2 · N5 · the tools do not ask for the secret: with the variable set they do not list it at all, and the calls read it (probe: required-secret-env)', async () => {
    const server = await connectStdio(mig, { env: { DATABASE_URL: url }, cwd: folder });
    try {
      const { tools } = await server.client.listTools();
      for (const name of ['status', 'up', 'down']) {
        const tool = tools.find((t) => t.name === name)!;
        expect(tool.inputSchema.required ?? []).not.toContain('databaseUrl');
        expect(Object.keys(tool.inputSchema.properties ?? {})).not.toContain('databaseUrl');
      }
      const up = envelope(await server.client.callTool({ name: 'up', arguments: {} }));
      expect(up.data).toEqual({
        applied: ['001_create_users', '002_create_orders', '003_index_orders_by_user'],
        changed: true,
      });
      expect(up.meta.provenance.databaseUrl).toEqual({ source: 'env', location: 'DATABASE_URL', redacted: true });
      const status = envelope(await server.client.callTool({ name: 'status', arguments: {} }));
      expect(status.data.every((row: { applied: boolean }) => row.applied)).toBe(true);
      // A destructive call without --yes asks nobody over MCP: it is refused with the line that confirms.
      const down = envelope(await server.client.callTool({ name: 'down', arguments: {} }));
      expect(down.ok).toBe(false);
      expect(down.error.fix).toBe('mig down --json --yes');
    } finally {
      await server.close();
    }
  });

  it('E5 · a server started without the variable names it, and never asks for the secret in the call (probe: required-secret-env)', async () => {
    const server = await connectStdio(mig, { cwd: folder });
    try {
      // Unset, the tools list the secret, never required, saying which variable gives it.
      for (const tool of (await server.client.listTools()).tools) {
        expect(tool.inputSchema.required ?? []).not.toContain('databaseUrl');
        expect(
          (tool.inputSchema.properties as Record<string, { description: string }>).databaseUrl!.description,
        ).toContain("read from $DATABASE_URL in the server's environment: never pass it here");
      }
      const result = await server.client.callTool({ name: 'status', arguments: {} });
      const { error } = envelope(result);
      expect(error.code).toBe(2);
      expect(error.message).toBe('missing required option --database-url for mig status ($DATABASE_URL is not set)');
      expect(error.hint).toContain('mig mcp install <client> --env DATABASE_URL');
      expect(error).not.toHaveProperty('fix');
    } finally {
      await server.close();
    }
  });

  it('E8 · at a terminal too: the refusal names the variable and suggests no command line with the secret on it', async () => {
    const result = await runCli(mig, ['status'], { cwd: folder });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: missing required option --database-url for mig status ($DATABASE_URL is not set)',
    );
    expect(result.stderr).toContain('set DATABASE_URL in the environment mig runs in');
    expect(result.stderr).not.toContain('fix:');
  });

  it('L1 · --llms, the skill and help spell the secret as coming from the environment, never as a flag to type', async () => {
    const llms = await runCli(mig, ['--llms']);
    expect(llms.stdout).toContain('- `mig status` (read_only)');
    expect(llms.stdout).not.toContain('--database-url');
    const skill = await runCli(mig, ['skills', 'print']);
    expect(skill.code).toBe(0);
    expect(skill.stdout).toContain('secret, required: set env DATABASE_URL');
    expect(skill.stdout).not.toMatch(/mig status --database-url/);
    const help = JSON.parse((await runCli(mig, ['status', '--help', '--json'])).stdout).data;
    const option = help.options.find((o: { flags: string }) => o.flags === '--database-url <url>');
    expect(option).toMatchObject({ required: false, requiredUnlessEnv: true, env: 'DATABASE_URL' });
    const text = await runCli(mig, ['status', '--help']);
    expect(text.stdout).toContain('(required unless set in env)');
  });
});

describe('P2 · a variable set where the program runs gives its option: agents are not asked for it', () => {
  const ship = example('ship');

  it('S2 · M2 · ship rollback: --service is required until SHIP_SERVICE is set, in --schema and in tools/list alike (probe: required-env-set)', async () => {
    const unset = JSON.parse((await runCli(ship, ['rollback', '--schema'])).stdout);
    expect(unset.inputSchema.required).toEqual(['service', 'reason']);
    const set = JSON.parse((await runCli(ship, ['rollback', '--schema'], { env: { SHIP_SERVICE: 'api' } })).stdout);
    expect(set.inputSchema.required).toEqual(['reason']);
    expect(set.inputSchema.properties.service.description).toContain(
      "read from $SHIP_SERVICE in the server's environment when not given",
    );
    const server = await connectStdio(ship, { env: { SHIP_SERVICE: 'api' }, cwd: folder });
    try {
      const { tools } = await server.client.listTools();
      expect(tools.find((t) => t.name === 'rollback')!.inputSchema).toStrictEqual(set.inputSchema);
      // What the schema says is what the run does: the call without --service takes the variable's.
      const called = envelope(await server.client.callTool({ name: 'rollback', arguments: { reason: 'error rate' } }));
      expect(called.meta.provenance.service).toEqual({ source: 'env', location: 'SHIP_SERVICE' });
    } finally {
      await server.close();
    }
  });
});

/** How each client that can pass a variable names it in an entry, restated from its documentation. */
const REFERENCE: Record<
  string,
  (entry: Record<string, unknown>, env: Record<string, string>) => Record<string, string>
> = {
  'claude-code': (e, env) => expand(e.env, /^\$\{(\w+)\}$/, env),
  cursor: (e, env) => expand(e.env, /^\$\{env:(\w+)\}$/, env),
  vscode: (e, env) => expand(e.env, /^\$\{env:(\w+)\}$/, env),
  codex: (e, env) => forward(e.env_vars, env),
  gemini: (e, env) => expand(e.env, /^\$\{(\w+)\}$/, env),
  windsurf: (e, env) => expand(e.env, /^\$\{env:(\w+)\}$/, env),
  copilot: (e, env) => expand(e.env, /^\$\{(\w+)\}$/, env),
  opencode: (e, env) => expand(e.environment, /^\{env:(\w+)\}$/, env),
  goose: (e, env) => forward(e.env_keys, env),
};

/** A table of references, each replaced by the variable it names, as the client expands it. */
function expand(table: unknown, form: RegExp, env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(table as Record<string, string>)) {
    const name = form.exec(value)?.[1];
    if (name === undefined) throw new Error(`${key}: ${value} is not a reference this client expands`);
    out[key] = env[name]!;
  }
  return out;
}

/** A list of names, each forwarded from the client's environment. */
const forward = (names: unknown, env: Record<string, string>): Record<string, string> =>
  Object.fromEntries((names as string[]).map((name) => [name, env[name]!]));

describe('K1 · mig mcp config <client> --env DATABASE_URL, then started as that client starts it', () => {
  const able = CLIENT_FILES.filter((c) => REFERENCE[c.client] !== undefined);

  it('K1 · every client that can pass a variable is here', () => {
    expect(able.map((c) => c.client).sort()).toEqual(Object.keys(REFERENCE).sort());
  });

  it.each(able)(
    'K1 · $client: the entry, read by its format library, starts a server that answers from the variable',
    async (c) => {
      const printed = await runCli(mig, ['mcp', 'config', c.client, '--env', 'DATABASE_URL'], {
        cwd: folder,
        env: { DATABASE_URL: url },
      });
      expect(printed.code).toBe(0);
      expect(printed.stdout).not.toContain(url);
      const doc: Doc = parseAs(c.format, printed.stdout.replace(/^(#[^\n]*\n)+/, ''));
      const entry = (doc[c.key] as Record<string, Record<string, unknown>>).mig!;
      const launch = c.launch(entry);
      // The client's environment holds the secret; the server gets only what the entry passes.
      const passed = REFERENCE[c.client]!(entry, { DATABASE_URL: url });
      const client = new Client({ name: c.client, version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({ command: launch.command, args: launch.args, env: childEnv(passed), cwd: folder }),
      );
      try {
        const status = envelope(await client.callTool({ name: 'status', arguments: {} }));
        expect(status.ok).toBe(true);
        expect(status.data).toHaveLength(3);
      } finally {
        await client.close();
      }
    },
  );
});

describe("K1 · gemini's folder trust: installing says what the person must still do", () => {
  it('K1 · mcp install gemini names the trust step, in text and in --json; another client gets no such line (probe: gemini-folder-trust)', async () => {
    const env = { HOME: folder };
    const text = await runCli(mig, ['mcp', 'install', 'gemini'], { cwd: folder, env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/notice: +gemini starts no MCP server in a folder it does not trust/);
    const json = JSON.parse((await runCli(mig, ['mcp', 'config', 'gemini', '--json'], { cwd: folder, env })).stdout);
    expect(json.data.notice).toContain('~/.gemini/trustedFolders.json');
    const printed = await runCli(mig, ['mcp', 'config', 'gemini'], { cwd: folder, env });
    expect(printed.stdout).toContain('# gemini starts no MCP server in a folder it does not trust');
    const other = await runCli(mig, ['mcp', 'install', 'cursor', '--json'], { cwd: folder, env });
    expect(JSON.parse(other.stdout).data).not.toHaveProperty('notice');
  });
});
