// Every global flag beside --mcp (M10): it means what it means on the command line, or it is refused
// at start; nothing is silently ignored. Each row of the one table is walked on each surface (the
// command line, --mcp on stdio, --mcp --http), each time by the built program in a child process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll } from 'vitest';
import type { GLOBAL_FLAGS, GlobalFlag } from '../../src/manifest/globals.js';
import { example, runCli } from './cli.js';
import { connectHttp, spawnHttp } from './http.js';
import { connectStdio, envelopeOf } from './mcp.js';

/** The ship example's entry. */
export const ship = example('ship');

/** A global flag's name. */
export type Name = (typeof GLOBAL_FLAGS)[number]['name'];
/** What a global flag means beside --mcp. */
export type Meaning = GlobalFlag['mcp'];

/**
 * What each flag means beside --mcp, restated by hand rather than read from the table: a new row
 * fails here until someone says what it does to a server.
 */
export const BESIDE_MCP: Record<Name, Meaning> = {
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
export const WORDS: Record<Name, readonly string[]> = {
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
export const SURFACES = [
  ['stdio', []],
  ['HTTP', ['--http', '127.0.0.1:0']],
] as const satisfies readonly (readonly [string, readonly string[]])[];

/** The flags of one meaning, in the table's order. */
export const rows = (meaning: Meaning): Name[] =>
  (Object.keys(BESIDE_MCP) as Name[]).filter((name) => BESIDE_MCP[name] === meaning);

/** One tool call's envelope, or the command line's with --json, as far as these tests read it. */
export type Envelope = {
  ok: boolean;
  data?: unknown;
  error?: { code: number; message: string };
  meta?: { provenance: Record<string, { source: string; location?: string }> };
};

/**
 * A folder for one test file, removed after its tests, holding the config file ship finds by itself
 * and prod.json; with the servers and command lines those tests start in it.
 */
export function shipFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-globals-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The file ship finds by itself in its folder, and another one given with --config.
  writeFileSync(join(dir, 'ship.config.json'), '{"db":{"backup":{"tables":5,"pace":0}}}\n');
  writeFileSync(join(dir, 'prod.json'), '{"status":{"problems":false},"db":{"backup":{"tables":3,"pace":0}}}\n');
  const PROD = join(dir, 'prod.json');
  const FOUND = join(dir, 'ship.config.json');

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

  return { dir, PROD, FOUND, serve, callOver, onCli };
}
