// Every global flag beside --mcp (M10): it means what it means on the command line, or it is refused
// at start; nothing is silently ignored. Each row of the one table is walked on each surface (the
// command line, --mcp on stdio, --mcp --http), each time by the built program in a child process.

import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS, type GlobalFlag } from '../src/manifest/globals.js';
import { example, runCli } from './support/cli.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { connectStdio, envelopeOf } from './support/mcp.js';

const ship = example('ship');
const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-globals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The file ship finds by itself in its folder, and another one given with --config.
writeFileSync(join(dir, 'ship.config.json'), '{"db":{"backup":{"tables":5,"pace":0}}}\n');
writeFileSync(join(dir, 'prod.json'), '{"status":{"problems":false},"db":{"backup":{"tables":3,"pace":0}}}\n');
const PROD = join(dir, 'prod.json');
const FOUND = join(dir, 'ship.config.json');

type Name = (typeof GLOBAL_FLAGS)[number]['name'];
type Meaning = GlobalFlag['mcp'];

// What each flag means beside --mcp, restated by hand rather than read from the table: a new row
// fails here until someone says what it does to a server.
const BESIDE_MCP: Record<Name, Meaning> = {
  json: 'applies',
  lean: 'refused',
  explain: 'refused',
  config: 'applies',
  'no-config': 'applies',
  schema: 'refused',
  llms: 'refused',
  mcp: 'serves',
  http: 'serves',
  token: 'serves',
  'allow-origin': 'serves',
  'max-body': 'serves',
  detach: 'refused',
  version: 'refused',
  help: 'first',
  field: 'refused',
  budget: 'refused',
  full: 'refused',
  page: 'refused',
  all: 'first',
  format: 'applies',
  output: 'applies',
};

/** The words that give each flag, with what it needs beside it (`--field` only with `--schema`). */
const WORDS: Record<Name, readonly string[]> = {
  json: ['--json'],
  lean: ['--json', '--lean'],
  explain: ['--explain', 'tables'],
  config: ['--config', 'prod.json'],
  'no-config': ['--no-config'],
  schema: ['--schema'],
  llms: ['--llms'],
  mcp: ['--mcp'],
  http: ['--http', '127.0.0.1:0'],
  token: ['--token', 'tok-for-m10'],
  'allow-origin': ['--allow-origin', 'https://app.example.com'],
  'max-body': ['--max-body', '1k'],
  detach: ['--detach'],
  version: ['--version'],
  help: ['--help'],
  field: ['--schema', '--field', 'name'],
  budget: ['--schema', '--budget', '2000'],
  full: ['--schema', '--full'],
  page: ['--schema', '--page', '1'],
  all: ['--help', '--all'],
  format: ['--format', 'json'],
  output: ['--output', 'json'],
};

/** The two serving surfaces: the words after --mcp that choose each. */
const SURFACES = [
  ['stdio', []],
  ['HTTP', ['--http', '127.0.0.1:0']],
] as const satisfies readonly (readonly [string, readonly string[]])[];

const rows = (meaning: Meaning): Name[] =>
  (Object.keys(BESIDE_MCP) as Name[]).filter((name) => BESIDE_MCP[name] === meaning);

type Envelope = {
  ok: boolean;
  data?: unknown;
  error?: { code: number; message: string };
  meta?: { provenance: Record<string, { source: string; location?: string }> };
};

/** The server started with `args` after --mcp (and the surface's own words), in the folder holding both files. */
async function serve(
  surface: readonly string[],
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ client: Client; close: () => Promise<void> }> {
  if (surface.length === 0) return connectStdio(ship, { cwd: dir, args, env });
  const server = await spawnHttp(ship, args, env, surface[1], dir);
  const client = await connectHttp(server.url);
  return {
    client,
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

/** One tool call's envelope on a server started with `args`. */
async function callOver(
  surface: readonly string[],
  args: readonly string[],
  tool: string,
  input: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<Envelope> {
  const server = await serve(surface, args, env);
  try {
    return envelopeOf(await server.client.callTool({ name: tool, arguments: input })) as Envelope;
  } finally {
    await server.close();
  }
}

/** The same command on the command line, with --json: the envelope the tool result must equal (M4). */
async function onCli(argv: readonly string[], env: Record<string, string> = {}): Promise<Envelope> {
  const result = await runCli(ship, [...argv, '--json'], { cwd: dir, env });
  return JSON.parse(result.stdout) as Envelope;
}

describe('M10 · the table: each global flag says what it means beside --mcp', () => {
  it('M10 · every row is restated in this test, with the same meaning, and no other', () => {
    const table = Object.fromEntries((GLOBAL_FLAGS as readonly GlobalFlag[]).map((row) => [row.name, row.mcp]));
    expect(table).toEqual(BESIDE_MCP);
  });
});

describe('M10 · refused beside --mcp: a surface of its own, which a server cannot also be', () => {
  const cases = rows('refused').flatMap((name) => SURFACES.map(([surface, words]) => [name, surface, words] as const));

  it.concurrent.each(rows('refused'))('M10 · --%s works on the command line, on its own', async (name) => {
    // --explain names an option of a command, --lean shapes a command's envelope; the rest belong to the whole program.
    const argv = ['explain', 'lean', 'detach'].includes(name) ? ['db', 'backup', ...WORDS[name]] : WORDS[name];
    // A detached task is kept in the state folder: this test's own.
    const result = await runCli(ship, argv, { cwd: dir, env: { XDG_STATE_HOME: dir } });
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it.concurrent.each(cases)(
    'M10 · --mcp --%s on %s is refused at start: exit 2, the flags named, a hint, the fix that serves',
    async (name, _, surface) => {
      const result = await runCli(ship, ['--mcp', ...surface, ...WORDS[name]], { cwd: dir });
      // --json, which --lean needs beside it, applies to a server: only the refused flag is named and left out.
      const refused = WORDS[name].filter((word) => word.startsWith('--') && word !== '--json');
      const noun = name === 'version' ? 'version' : 'document';
      const answer =
        name === 'lean'
          ? "each tool call's result is the --json envelope, meta.provenance included"
          : name === 'detach'
            ? 'and a client asks for a task itself'
            : `it prints no ${noun}`;
      const hints: Partial<Record<Name, string>> = {
        explain:
          "hint: run ship <command> --explain <option> on its own; over MCP, each result's meta.provenance says where every value came from",
        lean: 'hint: run ship <command> --json --lean on its own, where a command line prints the envelope',
        detach: 'hint: run ship <command> --detach on its own, to start a task from the command line',
      };
      const said = {
        message: `${refused.join(', ')} cannot be given with --mcp: a server answers tool calls, ${answer}`,
        hint: (
          hints[name] ?? `hint: run ship ${WORDS[name][0]} on its own; an MCP client reads the tools from tools/list`
        ).slice(6),
        fix: `ship --mcp${surface.map((word) => ` ${word}`).join('')}${name === 'lean' ? ' --json' : ''}`,
      };
      expect(result.code).toBe(2);
      if (name === 'lean') {
        // --json was typed: the refusal is its envelope, on stdout.
        expect(result.stderr).toBe('');
        expect(JSON.parse(result.stdout).error).toMatchObject({ code: 2, ...said });
        return;
      }
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n').slice(0, 3)).toEqual([
        `error: ${said.message}`,
        `hint: ${said.hint}`,
        `fix: ${said.fix}`,
      ]);
      expect(result.stderr).not.toContain('serving MCP');
    },
  );

  it('M10 · the fix keeps every other word: --config and its value stay, the refused flags and theirs go', async () => {
    const result = await runCli(ship, ['--mcp', '--config', 'prod.json', '--explain=tables', '--llms'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('\nfix: ship --mcp --config prod.json\n');
  });
});

describe('M10 · first beside --mcp: help is shown instead of serving, as everywhere', () => {
  const cases = rows('first').flatMap((name) => SURFACES.map(([surface, words]) => [name, surface, words] as const));

  it.concurrent.each(cases)(
    'M10 · --mcp --%s on %s prints the help the command line prints',
    async (name, _, surface) => {
      const [served, cli] = await Promise.all([
        runCli(ship, ['--mcp', ...surface, ...WORDS[name]], { cwd: dir }),
        runCli(ship, WORDS[name], { cwd: dir }),
      ]);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/^Usage: ship /);
      expect(served.code).toBe(0);
      expect(served.stdout).toBe(cli.stdout);
      expect(served.stderr).not.toContain('serving MCP');
    },
  );
});

describe('M10 · applies beside --mcp: every tool call runs as if the flag had been typed with it', () => {
  // The file each flag makes a call read, as the number of tables it holds and its provenance.
  const READS: Record<string, { tables: number; provenance: { source: string; location?: string } }> = {
    json: { tables: 5, provenance: { source: 'config', location: FOUND } },
    format: { tables: 5, provenance: { source: 'config', location: FOUND } },
    output: { tables: 5, provenance: { source: 'config', location: FOUND } },
    config: { tables: 3, provenance: { source: 'config', location: PROD } },
    'no-config': { tables: 8, provenance: { source: 'default' } },
  };
  const cases = rows('applies').flatMap((name) => SURFACES.map(([surface, words]) => [name, surface, words] as const));

  it.concurrent.each(cases)(
    'M10 · --mcp --%s on %s: the call equals db backup typed with it, envelope and provenance',
    async (name, _, surface) => {
      const [served, cli] = await Promise.all([
        callOver(surface, WORDS[name], 'db_backup'),
        onCli(['db', 'backup', ...WORDS[name]]),
      ]);
      const expected = READS[name]!;
      expect(cli.data).toEqual({ tables: expected.tables, file: 'backup.sql' });
      expect(cli.meta?.provenance.tables).toEqual(expected.provenance);
      expect(served).toEqual(cli);
    },
  );

  it.concurrent.each(SURFACES)(
    'M10 · %s: --mcp --config prod.json reads prod.json for every call, and provenance names it (probe: mcp-config-flag)',
    async (_, surface) => {
      const server = await serve(surface, ['--config', 'prod.json']);
      try {
        const call = async (name: string) =>
          envelopeOf(await server.client.callTool({ name, arguments: {} })) as Envelope;
        // Two calls, two commands: the file holds for each, not for the first alone.
        const backup = await call('db_backup');
        expect(backup.data).toEqual({ tables: 3, file: 'backup.sql' });
        expect(backup.meta?.provenance).toEqual({
          tables: { source: 'config', location: PROD },
          pace: { source: 'config', location: PROD },
        });
        expect((await call('status')).meta?.provenance).toEqual({ problems: { source: 'config', location: PROD } });
      } finally {
        await server.close();
      }
    },
  );

  it.concurrent.each(SURFACES)(
    "M10 · %s: precedence is the command line's, tool argument > env > the file given > default",
    async (_, surface) => {
      const [argument, fromEnv, fromFile] = await Promise.all([
        callOver(surface, ['--config', 'prod.json'], 'db_backup', { tables: 7 }),
        callOver(surface, ['--config', 'prod.json'], 'status', {}, { SHIP_PROBLEMS: '1' }),
        callOver(surface, ['--config', 'prod.json'], 'status'),
      ]);
      expect(argument).toEqual(await onCli(['db', 'backup', '--config', 'prod.json', '--tables', '7']));
      expect(argument.meta?.provenance.tables).toEqual({ source: 'flag', location: '--tables' });
      expect(argument.meta?.provenance.pace).toEqual({ source: 'config', location: PROD });
      expect(fromEnv.meta?.provenance).toEqual({ problems: { source: 'env', location: 'SHIP_PROBLEMS' } });
      expect(fromEnv.data).toEqual([{ name: 'worker', replicas: 1, healthy: false }]);
      expect(fromFile.meta?.provenance).toEqual({ problems: { source: 'config', location: PROD } });
      expect(fromFile.data).toHaveLength(3);
    },
  );

  it("M10 · each call reads the file given: an edit is seen by the next call; once it is gone, a call gets the command line's error", async () => {
    const live = join(dir, 'live.json');
    writeFileSync(live, '{"db":{"backup":{"tables":2,"pace":0}}}\n');
    const server = await serve([], ['--config', 'live.json']);
    const backup = async () => {
      const result = await server.client.callTool({ name: 'db_backup', arguments: {} });
      return { envelope: envelopeOf(result) as Envelope, isError: result.isError };
    };
    try {
      expect((await backup()).envelope.data).toEqual({ tables: 2, file: 'backup.sql' });
      writeFileSync(live, '{"db":{"backup":{"tables":4,"pace":0}}}\n');
      const edited = (await backup()).envelope;
      expect(edited.data).toEqual({ tables: 4, file: 'backup.sql' });
      expect(edited.meta?.provenance.tables).toEqual({ source: 'config', location: live });
      unlinkSync(live);
      const gone = await backup();
      expect(gone.isError).toBe(true);
      expect(gone.envelope.error).toEqual({
        code: 3,
        message: `cannot read config file ${live}: ENOENT`,
        hint: 'check the path given by --config or the config environment variable',
      });
      expect(gone.envelope).toEqual(await onCli(['db', 'backup', '--config', 'live.json']));
    } finally {
      await server.close();
    }
  });
});

describe('M10 · a config file that cannot serve is refused when the server starts, as the command line refuses it', () => {
  it.concurrent.each(SURFACES)(
    "M10 · --mcp on %s --config /nonexistent.json: exit 3, the command line's message, nothing served (probe: mcp-config-missing)",
    async (_, surface) => {
      const [served, cli] = await Promise.all([
        runCli(ship, ['--mcp', ...surface, '--config', '/nonexistent.json'], { cwd: dir }),
        runCli(ship, ['db', 'backup', '--config', '/nonexistent.json'], { cwd: dir }),
      ]);
      expect(cli.code).toBe(3);
      expect(served.code).toBe(3);
      expect(served.stdout).toBe('');
      expect(served.stderr).toBe(
        'error: cannot read config file /nonexistent.json: ENOENT\nhint: check the path given by --config or the config environment variable\n',
      );
      expect(served.stderr).toBe(cli.stderr);
    },
  );

  it.concurrent.each(SURFACES)(
    'M10 · on %s, SHIP_CONFIG naming no file is refused at start too',
    async (_, surface) => {
      const env = { SHIP_CONFIG: '/nonexistent.json' };
      const served = await runCli(ship, ['--mcp', ...surface], { cwd: dir, env });
      expect(served.code).toBe(3);
      expect(served.stderr).toBe((await runCli(ship, ['db', 'backup'], { cwd: dir, env })).stderr);
    },
  );

  it('M10 · a malformed default file is refused at start, naming it, line and column', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'burgee-mcp-broken-'));
    writeFileSync(join(broken, 'ship.config.json'), '{"db": ');
    try {
      const served = await runCli(ship, ['--mcp'], { cwd: broken });
      expect(served.code).toBe(3);
      expect(served.stderr.split('\n')[0]).toBe(
        `error: config file ${join(broken, 'ship.config.json')} is not valid JSON at line 1, column 8`,
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

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
