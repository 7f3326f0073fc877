// Every global flag beside --mcp (M10): it means what it means on the command line, or it is refused
// at start; nothing is silently ignored. The rows of the one table are walked, so a new flag must say.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS, type GlobalFlag } from '../src/manifest/globals.js';
import { example, runCli } from './support/cli.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { connectStdio } from './support/mcp.js';

const ship = example('ship');
const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-globals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The file ship looks for by default, and another one given with --config.
writeFileSync(join(dir, 'ship.config.json'), '{"db":{"backup":{"tables":5,"pace":0}}}\n');
writeFileSync(join(dir, 'prod.json'), '{"db":{"backup":{"tables":3,"pace":0}}}\n');

type Backup = { data: { tables: number }; meta: { provenance: Record<string, { source: string; location?: string }> } };

/** `db backup` over stdio, the server started with `args` after --mcp, in the folder holding both files. */
async function backupOverStdio(args: readonly string[]): Promise<Backup> {
  const server = await connectStdio(ship, { cwd: dir, args });
  try {
    return (await server.client.callTool({ name: 'db_backup', arguments: {} })).structuredContent as Backup;
  } finally {
    await server.close();
  }
}

async function backupOverHttp(args: readonly string[]): Promise<Backup> {
  const server = await spawnHttp(ship, args, {}, '127.0.0.1:0', dir);
  const client = await connectHttp(server.url);
  try {
    return (await client.callTool({ name: 'db_backup', arguments: {} })).structuredContent as Backup;
  } finally {
    await client.close();
    await server.stop();
  }
}

const VALUES: Record<string, string> = { explain: 'tables', field: 'name', budget: '100', page: '1' };
const typed = (row: GlobalFlag): string[] =>
  row.value === undefined ? [`--${row.name}`] : [`--${row.name}`, VALUES[row.name] ?? 'x'];

describe('M10 · every global flag beside --mcp applies, serves, comes first, or is refused', () => {
  it('M10 · each row of the table says what it means beside --mcp', () => {
    for (const row of GLOBAL_FLAGS as readonly GlobalFlag[]) {
      expect(['serves', 'applies', 'first', 'refused']).toContain(row.mcp);
    }
  });

  const refused = (GLOBAL_FLAGS as readonly GlobalFlag[]).filter((row) => row.mcp === 'refused' && row.spells !== true);
  it.each(refused.map((row) => [`--${row.name}`, row] as const))(
    'M10 · --mcp %s is refused at start: exit 2, the flag named, nothing served',
    async (flag, row) => {
      const result = await runCli(ship, ['--mcp', ...typed(row)], { cwd: dir });
      expect(result.code).toBe(2);
      // A flag of --schema's is refused by the parser first, for the flag it needs.
      const message =
        row.with === undefined ? `${flag} cannot be given with --mcp` : `${flag} works only with --${row.with}`;
      expect(result.stderr.slice(0, `error: ${message}`.length)).toBe(`error: ${message}`);
      expect(result.stderr).toMatch(/\nhint: /);
      expect(result.stdout).toBe('');
    },
  );

  it('M10 · --mcp --help shows help, as --help does everywhere', async () => {
    const result = await runCli(ship, ['--mcp', '--help', '--all'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: ship /);
  });

  it.each([['--json'], ['--format', 'json']])(
    'M10 · --mcp %s serves, each result being the envelope already',
    async (...args) => {
      expect((await backupOverStdio(args)).data).toEqual({ tables: 5, file: 'backup.sql' });
    },
  );
});

describe('M10 · --config and --no-config hold for every tool call, stdio and HTTP', () => {
  it.each([
    ['stdio', backupOverStdio],
    ['HTTP', backupOverHttp],
  ] as const)(
    'M10 · %s: --config prod.json is read, and provenance names it (probe: mcp-config-flag)',
    async (_, call) => {
      const plain = await call([]);
      expect(plain.data.tables).toBe(5);
      expect(plain.meta.provenance.tables).toEqual({ source: 'config', location: join(dir, 'ship.config.json') });
      const given = await call(['--config', 'prod.json']);
      expect(given.data.tables).toBe(3);
      expect(given.meta.provenance.tables).toEqual({ source: 'config', location: join(dir, 'prod.json') });
      const none = await call(['--no-config']);
      expect(none.data.tables).toBe(8);
      expect(none.meta.provenance.tables).toEqual({ source: 'default' });
    },
  );

  it.each([[[]], [['--http', '127.0.0.1:0']]])(
    'M10 · --mcp %j --config /nonexistent.json is refused at start, exit 3, as on the command line (probe: mcp-config-missing)',
    async (extra) => {
      const served = await runCli(ship, ['--mcp', ...extra, '--config', '/nonexistent.json'], { cwd: dir });
      const cli = await runCli(ship, ['db', 'backup', '--config', '/nonexistent.json'], { cwd: dir });
      expect(served.code).toBe(3);
      expect(cli.code).toBe(3);
      expect(served.stderr).toBe(cli.stderr);
    },
  );

  it('M10 · a malformed default file is refused at start too, naming it', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'burgee-mcp-broken-'));
    writeFileSync(join(broken, 'ship.config.json'), '{"db": ');
    const served = await runCli(ship, ['--mcp'], { cwd: broken });
    rmSync(broken, { recursive: true, force: true });
    expect(served.code).toBe(3);
    expect(served.stderr).toContain('ship.config.json');
  });
});
