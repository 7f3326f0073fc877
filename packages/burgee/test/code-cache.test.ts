// burgee's core (dist/index.js) and the MCP SDK run as scripts compiled with V8's code cache
// (runtime/code-cache.ts): where the caches go, that a second start uses them, and that a cache
// which cannot serve changes nothing but the speed (N1).
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';
import { spawnRaw } from './support/mcp.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const script = `${repoRoot}packages/burgee/dist/chunks/vendor-mcp-sdk.script.js`;
const content = /^\/\/burgee-script ([0-9a-f]{16})\n/.exec(readFileSync(script, 'utf8'))?.[1];
const index = `${repoRoot}packages/burgee/dist/index.js`;
const coreContent = /content:\s*["'`]([0-9a-f]{16})["'`]/.exec(readFileSync(index, 'utf8'))?.[1];
const cacheName = (hash: string | undefined) => `${hash}-${process.versions.v8}-${process.arch}.cache`;

const frame = (id: number, method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

/** One server, from spawn to exit: initialize, one tool call answered, stdin closed. */
async function serveOnce(env: Record<string, string>): Promise<void> {
  const server = spawnRaw(example('deploy'), env);
  server.send(
    frame(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    }),
  );
  await server.response(1);
  server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  server.send(frame(2, 'tools/call', { name: 'deploy', arguments: { target: 'prod', yes: true } }));
  const answer = (await server.response(2)) as { result?: { isError?: boolean; structuredContent?: unknown } };
  expect(answer.result?.isError).toBe(false);
  expect(answer.result?.structuredContent).toMatchObject({ ok: true, data: { target: 'prod' } });
  expect(await server.close()).toBe(0);
  expect(server.stderr()).toBe('');
}

const identity = (file: string) => {
  const stats = statSync(file);
  return { inode: stats.ino, modified: stats.mtimeMs, size: stats.size };
};

describe("N1 · the MCP SDK is compiled from a code cache kept in Node's compile-cache folder", () => {
  const root = join(scratch, 'cache');
  const folder = join(root, 'burgee');
  const cache = join(folder, cacheName(content));

  it('N1 · the script names its content on its first line, and index.js the core’s', () => {
    expect(content).toMatch(/^[0-9a-f]{16}$/);
    expect(coreContent).toMatch(/^[0-9a-f]{16}$/);
  });

  it('N1 · the first start writes the caches under NODE_COMPILE_CACHE, in a folder only this user can write to', async () => {
    await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(readdirSync(folder).sort()).toEqual([cacheName(content), cacheName(coreContent)].sort());
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(cache).size).toBeGreaterThan(100_000);
  });

  it('N1 · the next start compiles from it: V8 accepts it, so it is not written again', async () => {
    const before = identity(cache);
    await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(identity(cache)).toEqual(before);
  });

  it('N1 · a cache V8 refuses (garbage) still serves, and is replaced by a good one', async () => {
    writeFileSync(cache, Buffer.alloc(4096, 7));
    const garbage = identity(cache);
    await serveOnce({ NODE_COMPILE_CACHE: root });
    const replaced = identity(cache);
    expect(replaced.inode).not.toBe(garbage.inode);
    expect(replaced.size).toBeGreaterThan(100_000);
    // And that one is accepted in turn.
    await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(identity(cache)).toEqual(replaced);
  });

  it('N1 · NODE_DISABLE_COMPILE_CACHE=1 turns it off: nothing is read or written', async () => {
    const off = join(scratch, 'off');
    await serveOnce({ NODE_COMPILE_CACHE: off, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(existsSync(join(off, 'burgee'))).toBe(false);
  });

  it.skipIf(process.getuid === undefined)(
    'N1 · a folder others can write to is not used: a cache is code the server would run',
    async () => {
      const shared = join(scratch, 'shared');
      mkdirSync(join(shared, 'burgee'), { recursive: true });
      chmodSync(join(shared, 'burgee'), 0o777);
      await serveOnce({ NODE_COMPILE_CACHE: shared });
      expect(readdirSync(join(shared, 'burgee'))).toEqual([]);
    },
  );
});

describe("N1 · burgee's core is compiled from a code cache too, on every path", () => {
  const root = join(scratch, 'core');
  const cache = join(root, 'burgee', cacheName(coreContent));
  const run = (args: string[], env: Record<string, string>) => runCli(example('deploy'), args, { env });
  const paths: [string, string[]][] = [
    ['a command', ['deploy', '--target', 'prod', '--yes']],
    ['a command under --json', ['deploy', '--target', 'prod', '--yes', '--json']],
    ['--help', ['--help']],
    ['a usage error with its fix', ['deploy', '--tar', 'prod']],
    ['--schema (a chunk loaded with import())', ['--schema']],
  ];

  it('N1 · a plain run writes the core’s cache alone, and the next run reads it without writing', async () => {
    await run(['deploy', '--target', 'prod', '--yes'], { NODE_COMPILE_CACHE: root });
    expect(readdirSync(join(root, 'burgee'))).toEqual([cacheName(coreContent)]);
    const written = identity(cache);
    await run(['--help'], { NODE_COMPILE_CACHE: root });
    expect(identity(cache)).toEqual(written);
  });

  it.each([
    ['TMPDIR with a trailing slash', { TMPDIR: 'tmpdir/' }],
    ['TMP', { TMP: 'tmp' }],
    ['TEMP', { TEMP: 'temp' }],
  ])('N1 · without NODE_COMPILE_CACHE the cache goes where os.tmpdir() says, from %s', async (_, relative) => {
    const [[name, folder]] = Object.entries(relative) as [[string, string]];
    const env = { [name]: join(scratch, 'tmp', folder) + (folder.endsWith('/') ? '/' : '') };
    mkdirSync(env[name]!, { recursive: true });
    const nodeSays = await runCli('-p', ["require('node:os').tmpdir()"], { env });
    await run(['--version'], env);
    expect(readdirSync(join(nodeSays.stdout.trim(), 'node-compile-cache', 'burgee'))).toContain(cacheName(coreContent));
  });

  it.each(paths)(
    'N1 · %s gives the same bytes and exit code cached, uncached and with a refused cache',
    async (_, args) => {
      const uncached = await run(args, { NODE_DISABLE_COMPILE_CACHE: '1' });
      expect(await run(args, { NODE_COMPILE_CACHE: root })).toEqual(uncached);
      const refused = join(scratch, `refused-${args.join('-')}`);
      mkdirSync(join(refused, 'burgee'), { recursive: true, mode: 0o700 });
      writeFileSync(join(refused, 'burgee', cacheName(coreContent)), 'not a cache');
      expect(await run(args, { NODE_COMPILE_CACHE: refused })).toEqual(uncached);
    },
  );

  it('N1 · on a Node without process.getBuiltinModule the core still runs, uncached', async () => {
    const legacy = join(scratch, 'legacy');
    const preload = `${repoRoot}packages/burgee/test/fixtures/no-builtin-module.mjs`;
    const result = await runCli(example('deploy'), ['deploy', '--target', 'prod', '--yes'], {
      env: { NODE_COMPILE_CACHE: legacy },
      nodeFlags: ['--import', pathToFileURL(preload).href],
    });
    expect(result).toEqual(await run(['deploy', '--target', 'prod', '--yes'], { NODE_DISABLE_COMPILE_CACHE: '1' }));
    // (Node 22 and later keep their own compile cache there when the variable is set: only burgee's folder is ours.)
    expect(existsSync(join(legacy, 'burgee'))).toBe(false);
  });
});
