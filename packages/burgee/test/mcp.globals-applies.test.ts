// The global flags that apply beside --mcp (M10): each tool call runs as if the flag had been typed
// with it, and a config file that cannot serve stops the server at its start.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { envelopeOf } from './support/mcp.js';
import { type Envelope, rows, SURFACES, ship, shipFolder, WORDS } from './support/mcp-globals.js';

const { dir, PROD, FOUND, serve, callOver, onCli } = shipFolder();

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
