import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';

// K4: concurrent writers to one client file lose nothing, and a lock left behind does not block the
// next writer. Every writer is a real `node` process running `mcp install` of a program of its own.
const PROGRAMS = Array.from({ length: 12 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const dist = pathToFileURL(join(repoRoot, 'packages', 'burgee', 'dist', 'index.js')).href;

let scratch: string;
const script = (name: string) => join(scratch, 'programs', `${name}.mjs`);
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'burgee-concurrency-'));
  mkdirSync(join(scratch, 'programs'));
  for (const name of PROGRAMS) {
    writeFileSync(
      script(name),
      `import { defineCommand, defineProgram, run } from ${JSON.stringify(dist)};\n` +
        `await run(defineProgram({ name: ${JSON.stringify(name)}, commands: [defineCommand({ name: 'hello', description: 'Say hello', effects: 'read_only', run: () => 'hi' })] }));\n`,
    );
  }
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh project holding a `.mcp.json` with a server and a setting of the user's. */
function freshProject(round: number | string): string {
  const project = join(scratch, `project-${round}`);
  mkdirSync(project);
  writeFileSync(
    join(project, '.mcp.json'),
    `${JSON.stringify({ theme: 'dark', mcpServers: { mine: { command: 'mine' } } }, null, 2)}\n`,
  );
  return project;
}

const install = (file: string, project: string) =>
  runCli(file, ['mcp', 'install', 'claude-code', '--json'], {
    cwd: project,
    env: { HOME: join(scratch, 'home') },
    timeoutMs: 90_000,
  });
const servers = (project: string) =>
  (JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;

describe('K4 · concurrent installs into one file', () => {
  it('K4 · 12 processes installing 12 programs into one .mcp.json at once leave 12 entries, 5 rounds out of 5 (probe: concurrent-install)', async () => {
    for (let round = 1; round <= 5; round++) {
      const project = freshProject(round);
      const results = await Promise.all(PROGRAMS.map((name) => install(script(name), project)));
      for (const { code, stderr, stdout } of results)
        expect({ code, stderr, stdout }).toMatchObject({ code: 0, stderr: '' });
      expect(Object.keys(servers(project)).sort(), `round ${round}`).toEqual(['mine', ...PROGRAMS]);
      expect(JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).theme).toBe('dark');
      // No lock and no temporary file left: the file, burgee's backup and its stamp.
      expect(readdirSync(project).sort()).toEqual(['.mcp.json', '.mcp.json.bak', '.mcp.json.bak.burgee']);
      // The backup is the file as one writer found it: whole, and one entry short of the end at least.
      expect(
        Object.keys(JSON.parse(readFileSync(join(project, '.mcp.json.bak'), 'utf8')).mcpServers).length,
      ).toBeLessThan(13);
    }
  }, 300_000);
});

/** Writes a lock as burgee writes one, for the holder `pid`. */
const lockFor = (file: string, pid: number) =>
  writeFileSync(
    `${file}.lock`,
    `${JSON.stringify({ burgee: 'lock', pid, host: hostname(), token: 'held-elsewhere', since: new Date().toISOString() })}\n`,
  );

describe('K4 · a lock left behind', () => {
  it('K4 · the lock of a killed process is recovered: the next install writes at once (probe: stale-lock-killed)', async () => {
    const project = freshProject('killed');
    const file = join(project, '.mcp.json');
    // A process takes the lock the way burgee does, then dies by SIGKILL while holding it.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:fs').writeFileSync(process.argv[1] + '.lock', JSON.stringify({ burgee: 'lock', pid: process.pid, host: require('node:os').hostname(), token: 'killed', since: new Date().toISOString() }) + '\\n'); console.log('held'); setInterval(() => {}, 1000);`,
        file,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(holder.pid);
    const started = Date.now();
    const result = await install(script('p01'), project);
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(Object.keys(servers(project))).toEqual(['mine', 'p01']);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('K4 · a lock older than the bound is recovered even when its pid runs again (probe: stale-lock-old)', async () => {
    const project = freshProject('old');
    const file = join(project, '.mcp.json');
    lockFor(file, process.pid);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, minuteAgo, minuteAgo);
    expect((await install(script('p02'), project)).code).toBe(0);
    expect(Object.keys(servers(project))).toEqual(['mine', 'p02']);
  });

  it('K4 · a live lock holds the writer off until it is released, then the writer goes on (probe: live-lock)', async () => {
    const project = freshProject('live');
    const file = join(project, '.mcp.json');
    lockFor(file, process.pid);
    const started = Date.now();
    const pending = install(script('p03'), project);
    setTimeout(() => rmSync(`${file}.lock`), 1500);
    const result = await pending;
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(Object.keys(servers(project))).toEqual(['mine', 'p03']);
  });

  it('K4 · a file at the lock path that burgee did not make is refused, named, and kept (probe: lock-foreign)', async () => {
    const project = freshProject('foreign');
    const file = join(project, '.mcp.json');
    writeFileSync(`${file}.lock`, 'my lock notes\n');
    const old = new Date(Date.now() - 5_000);
    utimesSync(`${file}.lock`, old, old);
    const result = await install(script('p04'), project);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toContain(`${file}.lock`);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe('my lock notes\n');
    expect(Object.keys(servers(project))).toEqual(['mine']);
  });
});

it('K4 · the programs are real: each installs under its own name (probe: concurrent-install)', async () => {
  const project = freshProject('one');
  expect((await install(example('deploy'), project)).code).toBe(0);
  expect((await install(script('p05'), project)).code).toBe(0);
  expect(Object.keys(servers(project))).toEqual(['mine', 'tool', 'p05']);
});
