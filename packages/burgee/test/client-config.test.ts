// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { program } from './support/client-config.js';
import {
  brokenText,
  CLIENT_FILES,
  type ClientFile,
  type Doc,
  readClientFile,
  writeClientFile,
} from './support/client-files.js';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';

// K1/K2 against a scratch HOME and project folder, the program started as a user would start it.
scratchHomeAndProject('burgee-');

const tool = (args: readonly string[], env: Record<string, string> = {}) =>
  runCli(program, args, { cwd: project, env: { HOME: home, ...env } });
type Entry = Record<string, unknown>;
/** The table of servers in a parsed file. */
const serversIn = (c: ClientFile, doc: Doc) => doc[c.key] as Record<string, Entry>;

describe.each(CLIENT_FILES)('K1 · mcp install $client', (c) => {
  it('K1 · lands at the documented path under the documented key; a second install changes nothing', async () => {
    const first = await tool(['mcp', 'install', c.client, '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const file = c.file(home, project);
    const envelope = JSON.parse(first.stdout);
    expect(envelope).toMatchObject({
      ok: true,
      data: { client: c.client, file, changed: true },
      meta: { changed: true },
    });
    const entry = serversIn(c, readClientFile(c, file)).tool!;
    expect(entry).toEqual(envelope.data.entry);
    expect(c.launch(entry)).toEqual({ command: process.execPath, args: [program, '--mcp'] });
    if (c.client === 'vscode') expect(entry.type).toBe('stdio');
    const again = JSON.parse((await tool(['mcp', 'install', c.client, '--json'])).stdout);
    expect(again).toMatchObject({ ok: true, data: { changed: false }, meta: { changed: false } });
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('K2 · keeps every other server and setting, and leaves a backup of the old file', async () => {
    const file = c.file(home, project);
    const before: Doc = {
      theme: 'dark',
      nested: { keep: [1, 2, 3] },
      [c.key]: { other: { command: 'other-server' } },
    };
    writeClientFile(c, file, before);
    const original = readFileSync(file);
    const result = await tool(['mcp', 'install', c.client]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('changed: true');
    const after = readClientFile(c, file);
    expect({ ...after, [c.key]: { ...serversIn(c, after), tool: undefined } }).toEqual({
      ...before,
      [c.key]: { ...serversIn(c, before), tool: undefined },
    });
    expect(c.launch(serversIn(c, after).tool!)).toEqual({ command: process.execPath, args: [program, '--mcp'] });
    expect(readFileSync(`${file}.bak`).equals(original)).toBe(true);
  });

  it('K2 · a malformed file is refused with exit 3, naming file and position, and left byte for byte', async () => {
    const file = c.file(home, project);
    mkdirSync(dirname(file), { recursive: true });
    const broken = brokenText(c.format);
    writeFileSync(file, broken);
    const result = await tool(['mcp', 'install', c.client, '--json']);
    expect(result.code).toBe(3);
    const error = JSON.parse(result.stdout).error;
    expect(error.code).toBe(3);
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/line \d+, column \d+/);
    expect(readFileSync(file, 'utf8')).toBe(broken);
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('K2 · --dry-run shows the change and writes nothing', async () => {
    const result = await tool(['mcp', 'install', c.client, '--dry-run', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ data: { changed: true, dryRun: true } });
    // Nothing at all: no file, no folder, in the project or in HOME.
    expect(readdirSync(project)).toEqual([]);
    expect(readdirSync(home)).toEqual([]);
  });

  it('K1 · the written entry, started as a process, answers tools/list to the official client', async () => {
    expect((await tool(['mcp', 'install', c.client])).code).toBe(0);
    const { command, args } = c.launch(serversIn(c, readClientFile(c, c.file(home, project))).tool!);
    const transport = new StdioClientTransport({
      command,
      args,
      env: { PATH: process.env.PATH ?? '', HOME: home, LANG: 'C.UTF-8' },
      cwd: project,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'burgee-tests', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['deploy']);
    } finally {
      await client.close();
    }
  });
});

describe('K1 · scopes', () => {
  it('K1 · --scope user writes the user file of a client that has both', async () => {
    const result = await tool(['mcp', 'install', 'claude-code', '--scope', 'user', '--json']);
    expect(JSON.parse(result.stdout).data.file).toBe(join(home, '.claude.json'));
    expect(JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')).mcpServers.tool.args).toEqual([
      program,
      '--mcp',
    ]);
    const vscode = await tool(['mcp', 'install', 'vscode', '--scope', 'user', '--json']);
    expect(JSON.parse(vscode.stdout).data.file).toBe(join(home, '.config', 'Code', 'User', 'mcp.json'));
  });

  it('K1 · a client without a project file uses its user file, and says so', async () => {
    const result = await tool(['mcp', 'install', 'windsurf']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('windsurf reads no project file; using its user file');
  });

  it('K1 · codex honours CODEX_HOME', async () => {
    const codexHome = join(home, 'elsewhere');
    const result = await tool(['mcp', 'install', 'codex', '--json'], { CODEX_HOME: codexHome });
    expect(JSON.parse(result.stdout).data.file).toBe(join(codexHome, 'config.toml'));
    expect(parseToml(readFileSync(join(codexHome, 'config.toml'), 'utf8'))).toMatchObject({
      mcp_servers: { tool: { command: process.execPath } },
    });
  });
});

describe('K2 · codex: installing into a config.toml the user wrote', () => {
  const codexFile = () => join(home, '.codex', 'config.toml');
  const written = (text: string) => put(codexFile(), text);
  const entry = `command = ${JSON.stringify(process.execPath)}\nargs = [ ${JSON.stringify(program)}, "--mcp" ]`;

  it("K2 · every other line stays as written, comments included; the server's own keys are replaced in place, its env table kept", async () => {
    const before = [
      '# my codex settings',
      'model = "o3"  # the one I like',
      '',
      '[mcp_servers.other]',
      '# keep this one',
      'command = "other-server"',
      '',
      '[mcp_servers.tool]',
      'command = "old"',
      '',
      '[mcp_servers.tool.env]',
      'OLD = "1"',
      '',
      '# profiles below',
      '[profiles.work]',
      'model = "gpt-5"',
      '',
    ].join('\n');
    written(before);
    const result = await tool(['mcp', 'install', 'codex']);
    expect(result.code).toBe(0);
    expect(readFileSync(codexFile(), 'utf8')).toBe(
      before.replace(
        '[mcp_servers.tool]\ncommand = "old"\n\n[mcp_servers.tool.env]\nOLD = "1"',
        `[mcp_servers.tool]\n${entry}\n\n[mcp_servers.tool.env]\nOLD = "1"`,
      ),
    );
    expect(readFileSync(`${codexFile()}.bak`, 'utf8')).toBe(before);
  });

  it('K2 · a new server is added at the end, after a blank line', async () => {
    written('# only a comment\nmodel = "o3"\n');
    expect((await tool(['mcp', 'install', 'codex'])).code).toBe(0);
    expect(readFileSync(codexFile(), 'utf8')).toBe(`# only a comment\nmodel = "o3"\n\n[mcp_servers.tool]\n${entry}\n`);
  });

  it('K2 · a server written as an inline table is merged by rewriting the file, the old one kept as .bak', async () => {
    const before = 'mcp_servers = { other = { command = "x" }, tool = { command = "old" } }\n';
    written(before);
    expect((await tool(['mcp', 'install', 'codex'])).code).toBe(0);
    expect(parseToml(readFileSync(codexFile(), 'utf8'))).toEqual({
      mcp_servers: { other: { command: 'x' }, tool: { command: process.execPath, args: [program, '--mcp'] } },
    });
    expect(readFileSync(`${codexFile()}.bak`, 'utf8')).toBe(before);
  });
});

describe('K1 · mcp config', () => {
  it('K1 · prints the entry and the file it belongs in, and writes nothing', async () => {
    const result = await tool(['mcp', 'config', 'cursor']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(join(project, '.cursor', 'mcp.json'));
    const fragment = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
    expect(fragment).toEqual({ mcpServers: { tool: { command: process.execPath, args: [program, '--mcp'] } } });
    expect(existsSync(join(project, '.cursor'))).toBe(false);
  });

  it('K1 · codex gets a TOML table, and --http a URL entry with a placeholder, never a token', async () => {
    const toml = await tool(['mcp', 'config', 'codex']);
    expect(parseToml(toml.stdout.slice(toml.stdout.indexOf('\n') + 1))).toMatchObject({
      mcp_servers: { tool: { args: [program, '--mcp'] } },
    });
    const http = await tool(['mcp', 'config', 'gemini', '--http', 'http://127.0.0.1:7000/mcp', '--json'], {
      BURGEE_MCP_TOKEN: 'sekret-value',
    });
    expect(JSON.parse(http.stdout).data.entry).toEqual({
      httpUrl: 'http://127.0.0.1:7000/mcp',
      headers: { Authorization: 'Bearer ${BURGEE_MCP_TOKEN}' },
    });
    expect(http.stdout).not.toContain('sekret-value');
  });

  it('K1 · an unknown client is a usage error with the corrected line', async () => {
    const result = await tool(['mcp', 'install', 'cursr', '--scope', 'user']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('fix: tool mcp install cursor --scope user');
  });
});
