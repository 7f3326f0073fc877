import type * as NodeFs from 'node:fs';
import type * as NodeOs from 'node:os';
import type * as NodePath from 'node:path';
import type * as NodeVm from 'node:vm';
import { builtin } from './builtins.js';

// Top-level await: only ever loaded with import(), by the MCP server.
const [fs, os, path, vm] = await Promise.all([
  builtin<typeof NodeFs>('node:fs'),
  builtin<typeof NodeOs>('node:os'),
  builtin<typeof NodePath>('node:path'),
  builtin<typeof NodeVm>('node:vm'),
]);

/** The first line of a script scripts/sdk-script.mjs builds: what its content is, for the cache's name. */
const HEADER = /^\/\/burgee-script ([0-9a-f]{16})\n/;

/**
 * How long the script runs before its cache is written, unless the process exits first: by then a
 * server has answered its first calls, and the cache holds the code they compiled too.
 */
const KEEP_AFTER_MS = 2_000;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Runs a script built by scripts/sdk-script.mjs (a function expression that returns its exports)
 * and returns the exports. V8 compiles it from the cache kept for exactly this content where there
 * is one; otherwise the cache is written once the script's code has run a while. Compiling the MCP
 * SDK is about a tenth of a server's start on Node 20, where no ES module can have a code cache.
 */
export function runCachedScript<T>(file: string, env: Env = process.env): T {
  const source = fs.readFileSync(file, 'utf8');
  const cache = cacheFile(source, env);
  const cachedData = cache === undefined ? undefined : readCache(cache);
  const script = new vm.Script(source, cachedData === undefined ? { filename: file } : { filename: file, cachedData });
  const exports = (script.runInThisContext() as () => T)();
  if (cache !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) keepLater(script, cache);
  return exports;
}

/**
 * Where the cache of this script lives: in Node's own compile-cache folder (`NODE_COMPILE_CACHE`,
 * else `node-compile-cache` in the system's temporary folder), in a `burgee` folder only this user
 * can write to, named after the content, V8's version and the CPU. Undefined when
 * `NODE_DISABLE_COMPILE_CACHE=1` turns caches off, when the script names no content, and when the
 * folder cannot be made or belongs to someone else (a cache is code this process would run).
 */
export function cacheFile(source: string, env: Env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const content = HEADER.exec(source)?.[1];
  if (content === undefined) return undefined;
  const root = env.NODE_COMPILE_CACHE || path.join(os.tmpdir(), 'node-compile-cache');
  const dir = path.join(root, 'burgee');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownFolder(fs.statSync(dir))) return undefined;
  } catch {
    return undefined;
  }
  return path.join(dir, `${content}-${process.versions.v8}-${process.arch}.cache`);
}

/** A folder of this user's that no one else may write to (where Node has no user ids, any). */
function ownFolder(stats: NodeFs.Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (stats.isDirectory() && stats.uid === uid && (stats.mode & 0o022) === 0);
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the script's cache after KEEP_AFTER_MS, or at exit if sooner; whole or not at all. */
function keepLater(script: NodeVm.Script, file: string): void {
  let kept = false;
  const keep = (): void => {
    if (kept) return;
    kept = true;
    process.off('exit', keep);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temp, script.createCachedData());
      fs.renameSync(temp, file);
    } catch {
      // A full or read-only disk: the next start compiles the script again.
      try {
        fs.rmSync(temp, { force: true });
      } catch {}
    }
  };
  setTimeout(keep, KEEP_AFTER_MS).unref();
  process.on('exit', keep);
}
