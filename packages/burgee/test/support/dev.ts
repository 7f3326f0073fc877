import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Tool } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach } from 'vitest';
import { repoRoot } from './cli.js';
import { childEnv } from './mcp.js';

/** The built binary (`npm run build` first), run by `node` as bin/cli.mjs runs it. */
export const bin = `${repoRoot}packages/burgee/dist/cli.js`;
const fixtures = `${repoRoot}packages/burgee/test/fixtures/dev`;

/** What a test undoes once it is over, last first. */
export type Cleanups = (() => Promise<void> | void)[];

/** The file's list of cleanups, run after each of its tests, last first (what `scratch` and `startDev` are given). */
export function cleanupsAfterEach(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/**
 * A temp copy of test/fixtures/dev, so the test can edit it. A folder outside the repo cannot resolve
 * the bare `burgee` its entries import, so its `node_modules/burgee` links to this repo's package, as
 * an install would; Node follows the link, so the entry shares the binary's copy of burgee.
 */
export function scratch(cleanups: Cleanups): string {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-dev-'));
  cpSync(fixtures, dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(`${repoRoot}packages/burgee`, join(dir, 'node_modules', 'burgee'), 'junction');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Polls until `probe` returns something truthy: fs.watch reports changes after no fixed delay. */
export async function until<T>(probe: () => T, what: () => string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A running `burgee dev`: the client, its stderr so far, and every tool list a notification brought. */
export type Dev = { client: Client; stderr: () => string; lists: Tool[][]; names: () => string[] | undefined };

/** Starts `burgee dev <entry>` in `dir` and connects the official client to it over stdio. */
export async function startDev(
  cleanups: Cleanups,
  dir: string,
  entry = 'cli.mjs',
  env: Record<string, string> = {},
): Promise<Dev> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'dev', entry],
    env: childEnv(env),
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const lists: Tool[][] = [];
  const onChanged = (error: Error | null, tools: Tool[] | null) => {
    if (error === null && tools !== null) lists.push(tools);
  };
  const client = new Client(
    { name: 'burgee-dev-tests', version: '1.0.0' },
    { listChanged: { tools: { debounceMs: 0, onChanged } } },
  );
  await client.connect(transport);
  cleanups.push(() => client.close());
  // The watcher is in place before this line is printed; edits made earlier could go unseen.
  await until(
    () => stderr.includes('burgee dev: serving'),
    () => `the serving line; stderr: ${stderr}`,
  );
  return { client, stderr: () => stderr, lists, names: () => lists.at(-1)?.map((tool) => tool.name) };
}
