// M8's binary: `burgee dev` at start and at the end, the run() seam it loads entries through, and
// the burgee binary declared with burgee; its own file, apart from reloading on save.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { burgee } from '../src/cli/program.js';
import { buildManifest, defineCommand, run } from '../src/index.js';
import { installRunHost } from '../src/process/capture.js';
import { toMcpTools } from '../src/projections/mcp/index.js';
import { runProgram } from '../src/testing/index.js';
import { repoRoot, runCli } from './support/cli.js';
import { bin, cleanupsAfterEach, scratch, until } from './support/dev.js';
import { childEnv } from './support/mcp.js';

const cleanups = cleanupsAfterEach();

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
