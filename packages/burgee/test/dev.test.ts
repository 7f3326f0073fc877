import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { burgee } from '../src/cli/program.js';
import { buildManifest, defineCommand, run } from '../src/index.js';
import { installRunHost } from '../src/process/capture.js';
import { toMcpTools } from '../src/projections/mcp/index.js';
import { runProgram } from '../src/testing/index.js';
import { repoRoot, runCli } from './support/cli.js';
import { bin, type Dev, scratch, startDev, until } from './support/dev.js';
import { childEnv, texts } from './support/mcp.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

const call = async (dev: Dev, name: string) => texts(await dev.client.callTool({ name, arguments: {} })).envelope;

describe('M8 · burgee dev <entry>: serve over stdio, reload on save', () => {
  it('M8 · a save sends notifications/tools/list_changed and the new list; stderr shows + added and ~ changed', async () => {
    const dir = scratch(cleanups);
    const dev = await startDev(cleanups, dir);
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old']);
    edit(join(dir, 'cli.mjs'), 'Show the status', 'Show the status, briefly');
    edit(
      join(dir, 'cli.mjs'),
      '// more commands',
      "defineCommand({ name: 'deploy', description: 'Deploy it', effects: 'non_idempotent', run: () => 'deployed' }),",
    );
    const tools = await until(
      () => dev.lists.find((list) => list.some((tool) => tool.name === 'deploy')),
      () => `a list with deploy; stderr: ${dev.stderr()}`,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old', 'deploy']);
    expect(tools[0]!.description).toBe('Show the status, briefly');
    await until(
      () => dev.stderr().includes('~ status'),
      () => `~ status; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toMatch(/burgee dev: reloaded cli\.mjs\n(?:[+~-] \w+\n)*\+ deploy\n/);
    expect(await call(dev, 'deploy')).toBe('{"ok":true,"data":"deployed","meta":{"provenance":{}}}');
  });

  it('M8 · removing a command says - name; a change to a local import is read again (deep reload)', async () => {
    const dir = scratch(cleanups);
    const dev = await startDev(cleanups, dir);
    edit(join(dir, 'cli.mjs'), "defineCommand({ name: 'old',", "// defineCommand({ name: 'old',");
    await until(
      () => dev.names()?.join() === 'status,hello',
      () => `a list without old; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n- old\n');
    edit(join(dir, 'greeting.mjs'), 'hello, first', 'hello, second');
    await until(
      () => dev.stderr().includes('reloaded cli.mjs (tools unchanged)'),
      () => `a second reload; stderr: ${dev.stderr()}`,
    );
    expect(await call(dev, 'hello')).toContain('"data":"hello, second"');
  });

  it('M8 · a reload with a syntax error keeps serving the last good program and says why; fixing it reloads', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    const good = readFileSync(entry, 'utf8');
    const dev = await startDev(cleanups, dir);
    writeFileSync(entry, `${good}\nexport const broken = {;\n`);
    const failed = await until(
      () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
      () => `reload failed; stderr: ${dev.stderr()}`,
    );
    expect(failed).toMatch(/^burgee dev: reload failed: cli\.mjs:\d+: SyntaxError: Unexpected token ';'\n$/);
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['status', 'hello', 'old']);
    expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
    expect(dev.lists).toEqual([]);
    writeFileSync(
      entry,
      good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
    );
    await until(
      () => dev.names()?.includes('fixed'),
      () => `a list with fixed; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n+ fixed\n');
    expect(dev.stderr()).not.toMatch(/\n\s+at /);
  });

  it('M8 · a reload whose import never settles is abandoned after the timeout and said so; later saves reload', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'cli.mjs');
    const good = readFileSync(entry, 'utf8');
    // Long enough for a good import on a loaded machine (the first load has the same limit).
    const dev = await startDev(cleanups, dir, 'cli.mjs', { BURGEE_DEV_LOAD_TIMEOUT_MS: '3000' });
    // Waiting on work that stays in flight (a request that never answers): only the timeout can end it.
    writeFileSync(entry, `${good}\nawait new Promise(() => setInterval(() => {}, 1000));\n`);
    const failed = await until(
      () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
      () => `reload failed; stderr: ${dev.stderr()}`,
    );
    expect(failed).toBe(
      'burgee dev: reload failed: its import did not settle within 3000 ms and was abandoned (a top-level await that never ends?)\n',
    );
    expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
    writeFileSync(
      entry,
      good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
    );
    await until(
      () => dev.names()?.includes('fixed'),
      () => `a list with fixed; stderr: ${dev.stderr()}`,
    );
    expect(dev.stderr()).toContain('burgee dev: reloaded cli.mjs\n+ fixed\n');
  });

  it.each([
    [
      'awaits a promise nothing can resolve',
      'await new Promise(() => {});',
      'its import never settled: it awaits a promise that nothing left running can resolve',
    ],
    [
      'loops without yielding',
      'for (;;) {}',
      'its import was still running after 3000 ms and was stopped (a loop that never yields?)',
    ],
  ])(
    'M8 · a reload that %s fails as a load, the server still answers, a later save reloads (probe: dev-entry-never-yields)',
    async (_, tail, reason) => {
      const dir = scratch(cleanups);
      const entry = join(dir, 'cli.mjs');
      const good = readFileSync(entry, 'utf8');
      const dev = await startDev(cleanups, dir, 'cli.mjs', { BURGEE_DEV_LOAD_TIMEOUT_MS: '3000' });
      writeFileSync(entry, `${good}\n${tail}\n`);
      const failed = await until(
        () => /burgee dev: reload failed: .*\n/.exec(dev.stderr())?.[0],
        () => `reload failed; stderr: ${dev.stderr()}`,
      );
      expect(failed).toBe(`burgee dev: reload failed: ${reason}\n`);
      expect(await call(dev, 'status')).toBe('{"ok":true,"data":"green","meta":{"provenance":{}}}');
      writeFileSync(
        entry,
        good.replace('// more commands', "defineCommand({ name: 'fixed', effects: 'read_only', run: () => 1 }),"),
      );
      await until(
        () => dev.names()?.includes('fixed'),
        () => `a list with fixed; stderr: ${dev.stderr()}`,
      );
    },
  );

  it('M8 · an entry that calls await run(program) unguarded loads without running; what it prints goes to stderr', async () => {
    const dev = await startDev(cleanups, scratch(cleanups), 'runs-itself.mjs');
    expect((await dev.client.listTools()).tools.map((tool) => tool.name)).toEqual(['ping']);
    expect(await call(dev, 'ping')).toBe('{"ok":true,"data":"pong","meta":{"provenance":{}}}');
    expect(dev.stderr()).toContain('loading runs-itself.mjs\n');
  });
});

describe('M8 · burgee dev at start and at the end', () => {
  it.each([
    ['a missing entry', 'nope.mjs', null, 2, /^error: no entry module at nope\.mjs/],
    ['a folder', '.', null, 2, /^error: \. is a folder/],
    [
      'a syntax error',
      'bad.mjs',
      'export const x = {;\n',
      3,
      /^error: cannot load bad\.mjs: bad\.mjs:1: SyntaxError: /,
    ],
    [
      'a module that throws',
      'bad.mjs',
      "throw new Error('no config');\n",
      3,
      /^error: cannot load bad\.mjs: bad\.mjs:1: no config\n/,
    ],
    [
      'no program export',
      'bad.mjs',
      'export const other = 1;\n',
      3,
      /^error: cannot load bad\.mjs: it exports other, not a burgee program\nhint: /,
    ],
    [
      'a foreign default export',
      'bad.mjs',
      'export default { parseAsync() {} };\n',
      3,
      /burgee\/commander and burgee\/yargs/,
    ],
    [
      'a process.exit while loading',
      'bad.mjs',
      'process.exit(1);\n',
      3,
      /bad\.mjs:1: it called process\.exit\(1\) while loading/,
    ],
  ])('M8 · %s is a clean error at start, not a stack trace', async (_, entry, source, code, stderr) => {
    const dir = scratch(cleanups);
    if (source !== null) writeFileSync(join(dir, entry), source);
    const result = await runCli(bin, ['dev', entry], { cwd: dir });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(stderr);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it.each([
    [
      'one command',
      { tool: './bin/tool.mjs' },
      "hint: its package's command is pkg/bin/tool.mjs: burgee dev pkg/bin/tool.mjs\n",
    ],
    [
      'a bin string',
      './bin/tool.mjs',
      "hint: its package's command is pkg/bin/tool.mjs: burgee dev pkg/bin/tool.mjs\n",
    ],
    [
      'two commands',
      { a: './bin/tool.mjs', b: './bin/tool.mjs' },
      'hint: give the module that exports your program, e.g. burgee dev ./cli.mjs\n',
    ],
  ])("M8 · a package's folder with %s: the hint names its module when there is just one", async (_, bin_, hint) => {
    const dir = scratch(cleanups);
    mkdirSync(join(dir, 'pkg', 'bin'), { recursive: true });
    writeFileSync(join(dir, 'pkg', 'package.json'), JSON.stringify({ name: 'pkg', bin: bin_ }));
    writeFileSync(join(dir, 'pkg', 'bin', 'tool.mjs'), '');
    const result = await runCli(bin, ['dev', 'pkg'], { cwd: dir });
    expect([result.code, result.stderr]).toEqual([
      2,
      `error: pkg is a folder; burgee dev needs the module that exports the program\n${hint}`,
    ]);
  });

  it('M8 · closing stdin ends the process, with nothing but protocol frames on stdout', async () => {
    const child = spawn(process.execPath, [bin, 'dev', 'cli.mjs'], { cwd: scratch(cleanups), env: childEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    cleanups.push(() => {
      child.kill();
    });
    await until(
      () => stderr.includes('burgee dev: serving'),
      () => `the serving line; stderr: ${stderr}`,
    );
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });
});

describe('M8 · the run() seam burgee dev loads entries through', () => {
  it('M8 · with a run host installed, run() hands the program over and settles without exiting', async () => {
    const seen: unknown[] = [];
    const uninstall = installRunHost({ take: (program) => seen.push(program) });
    try {
      const ping = defineCommand({ name: 'ping', effects: 'read_only', run: () => 'pong' });
      await run(ping);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ name: 'ping', root: ping });
    } finally {
      uninstall();
    }
  });
});

describe('M8 · the burgee binary is declared with burgee', () => {
  it('M8 · dev is withheld: in help and --schema for people, never an MCP tool', async () => {
    expect(toMcpTools(buildManifest(burgee))).toEqual([]);
    const help = await runProgram(burgee, ['--help']);
    expect(help.stdout).toMatch(/^ {2}dev {2,}Serve a program over MCP on stdio/m);
    const schema = await runProgram(burgee, ['dev', '--schema', '--field', 'effects']);
    expect(schema.stdout).toBe('"withheld"\n');
  });

  it('M8 · the bin runs as a command: a #! launcher, executable, that starts dist/cli.js', async () => {
    const manifest = JSON.parse(readFileSync(`${repoRoot}packages/burgee/package.json`, 'utf8'));
    const launcher = `${repoRoot}packages/burgee/${manifest.bin.burgee}`;
    const source = readFileSync(launcher, 'utf8');
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(source).toContain("\nimport '../dist/cli.js';\n");
    expect(statSync(launcher).mode & 0o111).toBe(0o111);
    const result = await new Promise<string>((resolve, reject) => {
      const child = spawn(launcher, ['--version'], { env: childEnv() });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    // The SDK compiled in is not installed, so the version line names it (docs/mcp-sdk.md).
    const sdk = manifest.vendored['@modelcontextprotocol/server'];
    expect(result).toBe(`${manifest.version} (bundles @modelcontextprotocol/server ${sdk})\n`);
  });
});
