import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, repoRoot, runCli } from './support/cli.js';
import { connectStdio, texts } from './support/mcp.js';

// With yargs 17 installed, burgee/yargs gives what yargs 17's entries give (F2): `require()` the
// singleton bound to process.argv, `import` the ES module build's factory. burgee resolves yargs
// from its own files, so the test lays out a project whose node_modules holds a copy of the built
// burgee beside yargs 17 (the `yargs17` devDependency): links would be followed back to the
// repository, whose yargs is 18.
const fixtures = `${repoRoot}packages/burgee/test/fixtures/yargs17`;
const modules = `${repoRoot}node_modules`;
let project = '';

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'burgee-yargs17-'));
  const burgee = join(project, 'node_modules', 'burgee');
  mkdirSync(burgee, { recursive: true });
  for (const part of ['package.json', 'dist', 'types']) {
    cpSync(`${repoRoot}packages/burgee/${part}`, join(burgee, part), {
      recursive: true,
      filter: (source) => !source.endsWith('.map'),
    });
  }
  symlinkSync(`${modules}/yargs17`, join(project, 'node_modules', 'yargs'), 'junction');
  for (const dependency of ['@clack', 'smol-toml']) {
    symlinkSync(`${modules}/${dependency}`, join(project, 'node_modules', dependency), 'junction');
  }
  // Each program twice, under one file name (yargs names the program after it): once with yargs
  // itself, without `.effects()`, which yargs lacks; once with burgee/yargs.
  for (const fixture of ['singleton.cjs', 'factory.mjs']) {
    const source = readFileSync(`${fixtures}/${fixture}`, 'utf8');
    for (const [side, module] of [
      ['host', 'yargs'],
      ['adapter', 'burgee/yargs'],
    ] as const) {
      mkdirSync(join(project, side), { recursive: true });
      const text = source.replace('__IMPORT__', module);
      writeFileSync(join(project, side, fixture), side === 'host' ? text.replace(/\.effects\('[a-z_]+'\)/g, '') : text);
    }
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const run = (side: 'host' | 'adapter', file: string, argv: readonly string[]): Promise<CliResult> =>
  runCli(join(project, side, file), argv, { cwd: project });

/** Both runs, each with its own folder written alike. */
async function both(file: string, argv: readonly string[]) {
  const scrub = (side: string, result: CliResult) => ({
    code: result.code,
    stdout: result.stdout.replaceAll(join(project, side), '<dir>'),
    stderr: result.stderr.replaceAll(join(project, side), '<dir>'),
  });
  const [host, adapter] = await Promise.all([run('host', file, argv), run('adapter', file, argv)]);
  return { host: scrub('host', host), adapter: scrub('adapter', adapter) };
}

describe("F2 · require('burgee/yargs') with yargs 17 is the singleton", () => {
  it.each([
    [['--help']],
    [['serve', '--help']],
    [['--version']],
    [['serve', 'db.json', '-p', '4000']],
    [['routes']],
    [[]],
    [['serve']],
    [['servr', 'db.json']],
    [['serve', 'db.json', '--config', 'missing.json']],
  ])("F2 · %j: yargs 17's own run, byte for byte", async (argv) => {
    const { host, adapter } = await both('singleton.cjs', argv);
    expect(host.stdout + host.stderr).not.toBe('');
    expect(adapter).toEqual(host);
  });

  it('F2 · --schema reads the singleton’s commands, their positionals and effects', async () => {
    const result = await run('adapter', 'singleton.cjs', ['--schema']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const schema = JSON.parse(result.stdout) as {
      name: string;
      version: string;
      commands: {
        name: string;
        effects: string;
        arguments: { name: string }[];
        inputSchema: { required: string[] };
      }[];
    };
    expect(schema).toMatchObject({ name: 'singleton', version: '0.17.4' });
    expect(schema.commands.map((c) => [c.name, c.effects])).toEqual([
      ['serve', 'non_idempotent'],
      ['routes', 'read_only'],
    ]);
    // The positional by name (arguments[]); that it must be given is the inputSchema's to say (N5).
    expect(schema.commands[0]!.arguments).toEqual([{ name: 'source' }]);
    expect(schema.commands[0]!.inputSchema.required).toContain('source');
  });

  it('F4 · --json is one envelope with the handler’s return value; its output goes to stderr', async () => {
    const result = await run('adapter', 'singleton.cjs', ['serve', 'db.json', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: 'serving db.json on localhost:3000\n' });
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, data: { source: 'db.json', port: 3000 } });
    const refused = await run('adapter', 'singleton.cjs', ['serve', '--json']);
    expect(refused).toMatchObject({ code: 2, stderr: '' });
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 2 } });
  });

  it('M1 · the official MCP client lists the commands and calls one', async () => {
    const server = await connectStdio(join(project, 'adapter', 'singleton.cjs'), { cwd: project });
    cleanups.push(server.close);
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['routes', 'serve']);
    const result = await server.client.callTool({ name: 'serve', arguments: { source: 'db.json', port: '8080' } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(texts(result).envelope)).toMatchObject({ ok: true, data: { source: 'db.json', port: 8080 } });
    expect(texts(result).captured).toContain('serving db.json on localhost:8080');
  });
});

describe("F2 · import yargs from 'burgee/yargs' with yargs 17 is the ES module build's factory", () => {
  it.each([[['greet', '--help']], [['greet']]])(
    "F2 · %j: yargs 17's own run, byte for byte (its ES build measures wide characters as it does)",
    async (argv) => {
      const { host, adapter } = await both('factory.mjs', argv);
      expect(host.stdout + host.stderr).not.toBe('');
      expect(adapter).toEqual(host);
    },
  );

  it('F4 · --json and --schema answer for the imported factory too, the help in data as yargs 17 lays it out', async () => {
    const help = await run('adapter', 'factory.mjs', ['greet', '--help', '--json']);
    const own = await run('host', 'factory.mjs', ['greet', '--help']);
    expect((JSON.parse(help.stdout) as { data: { help: string } }).data.help).toBe(own.stdout);
    const result = await run('adapter', 'factory.mjs', ['greet', 'ana', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: 'hello ana\n' });
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, data: { name: 'ana' } });
    const schema = JSON.parse((await run('adapter', 'factory.mjs', ['--schema'])).stdout) as {
      commands: { name: string; effects: string }[];
    };
    expect(schema.commands.map((c) => [c.name, c.effects])).toEqual([['greet', 'read_only']]);
  });
});
