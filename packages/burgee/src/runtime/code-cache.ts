import type * as NodeFs from 'node:fs';
import type * as NodeOs from 'node:os';
import type * as NodePath from 'node:path';
import type * as NodeVm from 'node:vm';
import { builtinNow } from './builtins.js';

// burgee's core (dist/index.js runs it) and the MCP SDK are built as classic scripts, not ES
// modules, so that V8 can compile them from a code cache on every Node burgee supports: Node 20
// keeps no compiled code for ES modules (module.enableCompileCache arrived in 22.1), and compiling
// is about a quarter of burgee's own start-up and a tenth of an MCP server's (N1).

/**
 * How long a script runs before its cache is written, unless the process exits first: by then a
 * command has run, or a server has answered its first calls, and the cache holds the code they
 * compiled too.
 */
const KEEP_AFTER_MS = 2_000;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where a script comes from: the file its stack frames name, and a hash of its content, which names
 * its cache (V8 checks only a cache's length against the source); without one, nothing is cached.
 */
export type ScriptOrigin = { filename: string; content: string | undefined };

type Node = { fs: typeof NodeFs; path: typeof NodePath; vm: typeof NodeVm };

/**
 * Compiles `source`, a script whose value is a function, from the cache kept for its content where
 * there is one, and returns that function. Without a usable cache it is compiled as usual and the
 * cache is written once its code has run a while. Before process.getBuiltinModule (Node 20.16,
 * 22.3) nothing can be loaded synchronously here, so it is evaluated as a plain script, uncached.
 */
export function compileScript(source: string, origin: ScriptOrigin, env: Env = process.env): unknown {
  if (builtinNow === undefined) {
    // Eval called by another name runs in global scope, as a script would: burgee's own built code,
    // from its own package, on the Node releases without getBuiltinModule only.
    // biome-ignore lint/security/noGlobalEval: the code is burgee's own, read from its own package
    const evaluate: (code: string) => unknown = globalThis.eval;
    return evaluate(source);
  }
  const node: Node = {
    fs: builtinNow('node:fs'),
    path: builtinNow('node:path'),
    vm: builtinNow('node:vm'),
  };
  const cache = origin.content === undefined ? undefined : cacheFile(node, origin.content, env);
  const cachedData = cache === undefined ? undefined : readCache(node.fs, cache);
  const options = cachedData === undefined ? { filename: origin.filename } : { filename: origin.filename, cachedData };
  const script = new node.vm.Script(source, options);
  if (cache !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    keepLater(node.fs, script, cache);
  }
  return script.runInThisContext();
}

/**
 * Where the cache of `content` lives: in Node's own compile-cache folder (`NODE_COMPILE_CACHE`, else
 * `node-compile-cache` in the system's temporary folder), in a `burgee` folder only this user can
 * write to, named after the content, V8's version and the CPU. Undefined when
 * `NODE_DISABLE_COMPILE_CACHE=1` turns caches off, and when the folder cannot be made or belongs to
 * someone else (a cache is code this process would run).
 */
function cacheFile({ fs, path }: Node, content: string, env: Env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const dir = path.join(env.NODE_COMPILE_CACHE || path.join(tmpdir(env), 'node-compile-cache'), 'burgee');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownFolder(fs.statSync(dir))) return undefined;
  } catch {
    return undefined;
  }
  return path.join(dir, `${content}-${process.versions.v8}-${process.arch}.cache`);
}

/**
 * os.tmpdir() as Node works it out on POSIX, without loading node:os (1–2% of a start on Node 24,
 * A/B): TMPDIR, TMP, TEMP, else /tmp, without a trailing slash. Windows asks node:os.
 */
function tmpdir(env: Env): string {
  if (process.platform === 'win32') return builtinNow!<typeof NodeOs>('node:os').tmpdir();
  const dir = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

/** A folder of this user's that no one else may write to (where Node has no user ids, any). */
function ownFolder(stats: NodeFs.Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (stats.isDirectory() && stats.uid === uid && (stats.mode & 0o022) === 0);
}

function readCache(fs: typeof NodeFs, file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the script's cache after KEEP_AFTER_MS, or at exit if sooner; whole or not at all. */
function keepLater(fs: typeof NodeFs, script: NodeVm.Script, file: string): void {
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
