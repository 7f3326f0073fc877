// An MCP server runs the SDK from a script compiled with V8's code cache (runtime/code-cache.ts):
// where the cache goes, that a second start uses it, and that a cache which cannot serve changes
// nothing but the speed (N1).
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
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot } from './support/cli.js';
import { spawnRaw } from './support/mcp.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const script = `${repoRoot}packages/burgee/dist/chunks/vendor-mcp-sdk.script.js`;
const content = /^\/\/burgee-script ([0-9a-f]{16})\n/.exec(readFileSync(script, 'utf8'))?.[1];

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
  const cache = join(folder, `${content}-${process.versions.v8}-${process.arch}.cache`);

  it('N1 · the script names its content on its first line', () => {
    expect(content).toMatch(/^[0-9a-f]{16}$/);
  });

  it('N1 · the first start writes the cache under NODE_COMPILE_CACHE, in a folder only this user can write to', async () => {
    await serveOnce({ NODE_COMPILE_CACHE: root });
    expect(readdirSync(folder)).toEqual([`${content}-${process.versions.v8}-${process.arch}.cache`]);
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
    expect(existsSync(off)).toBe(false);
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
