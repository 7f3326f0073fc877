// burgee reads and writes nothing in a shared temporary folder (N1): the system's temporary folder
// and a compile-cache folder are places another user of the machine may have prepared. Here both
// are folders full of FIFOs (opening one for reading or writing blocks, so a read or write
// there hangs the run) or of symbolic links into a folder of the victim's (a write through one
// lands there), under every name burgee or Node ever used for a cache.
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { example, repoRoot, runCli } from './support/cli.js';
import { connectStdio } from './support/mcp.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-shared-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const bin = `${repoRoot}packages/burgee/bin/cli.mjs`;
/** Names a cache was or might be kept under, in the folder itself and one level down. */
const NAMES = ['node-compile-cache', 'burgee', 'burgee-cache', 'cache', 'v8-compile-cache'];

let folders = 0;

/** What a folder holds under each of NAMES: FIFOs, or links into a folder of someone else's. */
type Flavour = 'fifos' | 'links';

/**
 * A folder prepared by another user: under each of NAMES, either a folder of FIFOs (with a FIFO
 * beside it) or a link into `elsewhere`, which stands for a folder of the victim's the attacker
 * wants written (a home, a repository). Returns both paths.
 */
function hostileFolder(flavour: Flavour): { dir: string; elsewhere: string } {
  const dir = join(scratch, `hostile-${++folders}`);
  const elsewhere = join(scratch, `elsewhere-${folders}`);
  mkdirSync(elsewhere, { recursive: true });
  writeFileSync(join(elsewhere, 'precious'), 'untouched\n');
  mkdirSync(dir);
  for (const name of NAMES) {
    if (flavour === 'links') {
      symlinkSync(elsewhere, join(dir, name));
      continue;
    }
    mkdirSync(join(dir, name), { mode: 0o700 });
    for (const inside of ['burgee', 'cache', 'index']) execFileSync('mkfifo', [join(dir, name, inside)]);
    execFileSync('mkfifo', [join(dir, `${name}.fifo`)]);
  }
  return { dir, elsewhere };
}

/** Every entry under `dir`, with its kind: what a run must leave as it found it. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => {
      const stats = lstatSync(join(dir, entry));
      return `${entry} ${stats.isFIFO() ? 'fifo' : stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'dir' : 'file'}`;
    })
    .sort();
}

/** What Node itself keeps in a NODE_COMPILE_CACHE folder it was given (Node 22.1+): not burgee's. */
const nodesOwn = (entry: string) => /(^|\/)v\d+\.\d+\.\d+-[\w-]+( dir|\/)/.test(entry);

const deploy = example('deploy');
const paths: [string, string, string[], number][] = [
  ['a command', deploy, ['deploy', '--target', 'prod', '--yes'], 0],
  ['--help', deploy, ['--help'], 0],
  ['a usage error', deploy, ['deploy', '--targt', 'prod'], 2],
  ['--json', deploy, ['deploy', '--target', 'prod', '--yes', '--json'], 0],
  ['burgee check', bin, ['check', deploy], 0],
];

/** One tools/call through the official client, with `env` added to the child's. */
async function oneCall(env: Record<string, string>): Promise<unknown> {
  const { client, close } = await connectStdio(deploy, { env });
  try {
    return await client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
  } finally {
    await close();
  }
}

const settings: [string, (dir: string) => Record<string, string>][] = [
  ['TMPDIR', (dir) => ({ TMPDIR: dir })],
  ['NODE_COMPILE_CACHE', (dir) => ({ NODE_COMPILE_CACHE: dir })],
  ['TMPDIR and NODE_COMPILE_CACHE', (dir) => ({ TMPDIR: dir, NODE_COMPILE_CACHE: join(dir, 'cache') })],
];

describe('N1 · a shared folder of FIFOs and foreign links: nothing hangs, nothing there is read or written', () => {
  it('N1 · with neither set, every path runs (the baseline the cases below are held to)', async () => {
    for (const [, script, args, code] of paths) {
      expect((await runCli(script, args, { timeoutMs: 20_000 })).code).toBe(code);
    }
  }, 60_000);

  const cases = settings.flatMap(([name, envOf]) =>
    (['fifos', 'links'] as const).map((flavour) => [name, flavour, envOf] as const),
  );
  it.each(cases)(
    'N1 · %s set to a folder of %s: every path, and one MCP call, as without it',
    async (_, flavour, envOf) => {
      const { dir, elsewhere } = hostileFolder(flavour);
      const before = snapshot(dir);
      const env = envOf(dir);
      for (const [name, script, args, code] of paths) {
        const plain = await runCli(script, args, { timeoutMs: 20_000 });
        // A read or write of a FIFO blocks: the run would time out here and the test fail.
        const result = await runCli(script, args, { env, timeoutMs: 20_000 });
        expect({ name, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
          name,
          code,
          stdout: plain.stdout,
          stderr: plain.stderr,
        });
      }
      const call = (await oneCall(env)) as { isError?: boolean };
      expect(call.isError).toBe(false);
      // Nothing new beside what was planted but Node's own cache folder, when it was given one.
      expect(snapshot(dir).filter((entry) => !nodesOwn(entry))).toEqual(before);
      expect(readdirSync(elsewhere).filter((entry) => !nodesOwn(`${entry}/`))).toEqual(['precious']);
      expect(readFileSync(join(elsewhere, 'precious'), 'utf8')).toBe('untouched\n');
    },
    120_000,
  );
});
