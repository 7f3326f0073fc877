// burgee writes its own output straight to descriptors 1 and 2 until something builds
// process.stdout or process.stderr (process/std-streams.ts): what that saves, and the guarantees
// the streams gave that must still hold (E3, E10, N1).
import { spawn, spawnSync } from 'node:child_process';
import { constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const reportLoaded = ['--import', pathToFileURL(fixture('report-loaded.mjs')).href];
/** The line report-loaded.mjs adds at exit, and what the program printed before it. */
const split = (stderr: string) => {
  const at = stderr.lastIndexOf('\nloaded: ');
  return { before: stderr.slice(0, at), loaded: stderr.slice(at + '\nloaded: '.length).trim() };
};

describe('N1 · a run on pipes builds no stream: Node loads neither net nor tty', () => {
  const paths: [string, string[], number][] = [
    ['a command', ['deploy', '--target', 'prod', '--yes'], 0],
    ['a command under --json', ['deploy', '--target', 'prod', '--yes', '--json'], 0],
    ['--help', ['--help'], 0],
    ['a usage error with its fix', ['deploy', '--tar', 'prod'], 2],
    ['a confirmation refused (exit 4)', ['deploy', '--target', 'prod'], 4],
  ];
  it.each(paths)('N1 · %s', async (_, args, code) => {
    const plain = await runCli(example('deploy'), args);
    const reported = await runCli(example('deploy'), args, { nodeFlags: reportLoaded });
    expect(reported.code).toBe(code);
    // The same bytes as without the report, on both streams: nothing was lost or reordered.
    expect(reported.stdout).toBe(plain.stdout);
    expect(split(reported.stderr).before).toBe(plain.stderr);
    expect(split(reported.stderr).loaded).toBe('none');
  });

  it('N1 · a handler that prints builds the stream it prints to, and its line comes before the result', async () => {
    const result = await runCli(fixture('handler-prints.mjs'), [], { nodeFlags: reportLoaded });
    expect(result.stdout).toBe('from the handler\ndone: true\n');
    expect(split(result.stderr)).toEqual({ before: '', loaded: 'net' });
    const json = await runCli(fixture('handler-prints.mjs'), ['--json'], { nodeFlags: reportLoaded });
    expect(json.stdout).toBe('{"ok":true,"data":{"done":true},"meta":{"provenance":{}}}\n');
    expect(split(json.stderr)).toEqual({ before: 'from the handler\n', loaded: 'net' });
  });
});

describe('N1 · on a Node without process.getBuiltinModule (20.12–20.15) every path gives the same bytes', () => {
  const legacy = ['--import', pathToFileURL(fixture('no-builtin-module.mjs')).href];
  const paths: [string, string, string[]][] = [
    ['a command', example('deploy'), ['deploy', '--target', 'prod', '--yes']],
    ['a command under --json', example('deploy'), ['deploy', '--target', 'prod', '--yes', '--json']],
    ['--help', example('deploy'), ['--help']],
    ['--version', example('deploy'), ['--version']],
    ['a usage error with its fix', example('deploy'), ['deploy', '--tar', 'prod']],
    ['fs.writeSync(1, …) under --json, bent to stderr', fixture('json-owner.mjs'), ['fd-write', '--json']],
    ['an inherited child under --json, bent to stderr', fixture('json-owner.mjs'), ['child-sync', '--json']],
  ];
  it.each(paths)('N1 · %s', async (_, script, args) => {
    const today = await runCli(script, args);
    const before = await runCli(script, args, { nodeFlags: legacy });
    expect(before).toEqual(today);
  });
});

describe('E3 · a stream built before burgee loaded (an import that printed) still routes the handler', () => {
  it('E3 · under --json the handler’s console.log goes to stderr; stdout is what printed first, then the envelope', async () => {
    const result = await runCli(fixture('prints-first.mjs'), ['--json']);
    expect(result.stdout).toBe('set up\n{"ok":true,"data":{"done":true},"meta":{"provenance":{}}}\n');
    expect(result.stderr).toBe('from the handler\n');
    expect(result.code).toBe(0);
  });
});

describe('E10 · output through a descriptor that would block', () => {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-fifo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Runs the big-output fixture with stdout on a FIFO opened non-blocking (writes past the pipe's
   * 64 KiB fail with EAGAIN instead of waiting), read only after a pause: what arrives, and the exit.
   */
  async function throughNonBlockingFifo(
    args: string[],
  ): Promise<{ received: string; code: number | null; stderr: string }> {
    const fifo = join(dir, `out-${args.length}`);
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeEnd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const child = spawn(process.execPath, [fixture('big-output.mjs'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', LANG: 'C.UTF-8' },
      stdio: ['ignore', writeEnd, 'pipe'],
    });
    // libuv makes a child's descriptors 0–2 blocking before it starts the program; opening the
    // parent's end as a pipe handle makes the shared description non-blocking again, child included.
    new Socket({ fd: writeEnd, readable: false, writable: true }).destroy();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const reader = new Socket({ fd: readEnd, readable: true, writable: false });
    reader.pause();
    const chunks: Buffer[] = [];
    reader.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => setTimeout(resolve, 300));
    reader.resume();
    const [code] = await Promise.all([
      new Promise<number | null>((resolve) => child.on('close', resolve)),
      new Promise((resolve) => reader.on('end', resolve)),
    ]);
    return { received: Buffer.concat(chunks).toString('utf8'), code, stderr };
  }

  it('E10 · 1 MiB of result arrives whole, exit 0, nothing on stderr', async () => {
    const { received, code, stderr } = await throughNonBlockingFifo([]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(received).toBe(`text: ${'x'.repeat(1 << 20)}\n`);
  });

  it('E10 · under --json the envelope arrives whole, exit 0', async () => {
    const { received, code, stderr } = await throughNonBlockingFifo(['--json']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(received)).toEqual({ ok: true, data: { text: 'x'.repeat(1 << 20) }, meta: { provenance: {} } });
  });
});

describe('N1 · importing burgee changes nothing of the process until a run starts', () => {
  it('N1 · every entry imported: the stream getters, process.exit, fs.writeSync and the listeners are as they were', async () => {
    const result = await runCli(fixture('import-changes-nothing.mjs'), [], { cwd: `${repoRoot}packages/burgee` });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Not vacuous: the fixture compares real descriptors, and a run started after would change them.
    expect(JSON.parse(result.stdout)).toEqual({ changed: [], built: [] });
  });

  it('N1 · package.json says `sideEffects: false`, which the test above holds true', () => {
    const manifest = JSON.parse(readFileSync(`${repoRoot}packages/burgee/package.json`, 'utf8'));
    expect(manifest.sideEffects).toBe(false);
  });
});

describe('E3 · N2 · --json into a regular file: the file holds the envelope, whatever the handler touched (probe: json-into-file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-json-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bin = `${repoRoot}packages/burgee/bin/cli.mjs`;

  /** Runs `node script ...args` with stdout a regular file; returns the file's bytes, stderr and the exit code. */
  function intoFile(script: string, args: readonly string[]): { file: string; stderr: string; code: number | null } {
    const path = join(dir, `out-${Math.random().toString(36).slice(2)}.json`);
    const out = openSync(path, 'w');
    const result = spawnSync(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8' },
      cwd: repoRoot,
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { file: readFileSync(path, 'utf8'), stderr: result.stderr, code: result.status };
  }

  it('E3 · a handler that prints with console.log: the envelope in the file, its line on stderr', () => {
    const { file, stderr, code } = intoFile(fixture('handler-prints.mjs'), ['--json']);
    expect(code).toBe(0);
    expect(file).toBe('{"ok":true,"data":{"done":true},"meta":{"provenance":{}}}\n');
    expect(stderr).toBe('from the handler\n');
  });

  it('X1 · burgee check --json > report.json holds the report', () => {
    const { file, stderr, code } = intoFile(bin, ['check', example('deploy'), '--json']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(file)).toMatchObject({ ok: true, data: { findings: [] } });
  });

  it('E3 · and with stdout /dev/null the envelope is written there, not on stderr', () => {
    const out = openSync('/dev/null', 'w');
    const result = spawnSync(process.execPath, [fixture('handler-prints.mjs'), '--json'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8' },
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('from the handler\n');
  });
});
