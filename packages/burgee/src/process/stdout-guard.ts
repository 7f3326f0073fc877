import { builtin } from './builtins.js';
import { isExitGuarded } from './capture.js';
import { buildIfWrittenSync, isLoaded, whenBuilt } from './std-streams.js';

/**
 * The modules a guard redirects. Passed in, or fetched on first use: an ES import of them here would
 * load `child_process` and build `fs`'s ES namespace at every start (N1).
 */
export type BentModules = {
  fs: object;
  /** Absent when nothing in the process has loaded it: then no child can be spawned yet. */
  childProcess?: object | undefined;
  syncBuiltinESMExports: () => void;
};

/**
 * While a server owns stdout, the ways a handler could reach it without going through
 * `process.stdout.write` (which the capture hook already routes) are redirected away from it (M5):
 * ending or destroying the stream, writing to descriptor 1 with `fs`, and children spawned with
 * an inherited stdout. What Node gives no hold on (native addons, `/dev/stdout` opened by path,
 * a child that reopens its parent's descriptors) is listed in docs/mcp-stdout.md.
 * Returns the undo.
 */
export function guardStdout(modules: BentModules): () => void {
  const undo = [keepStreamOpen(process.stdout), redirectDescriptorWrites(modules.fs)];
  if (modules.childProcess !== undefined) undo.push(redirectChildStdout(modules.childProcess));
  modules.syncBuiltinESMExports();
  return () => {
    for (const restore of undo.reverse()) restore();
    modules.syncBuiltinESMExports();
  };
}

const owned = { stream: false, children: false };

/**
 * Under `--json` on the command line the envelope owns stdout as the protocol does over MCP (E3,
 * N2): the same redirections, kept until the process exits. Children are redirected once something
 * has loaded `child_process` (loading it would cost every run milliseconds): call it again after loading a
 * handler's module. A handler that first imports `child_process` while it runs is not covered.
 */
export async function ownStdoutForEnvelope(): Promise<void> {
  const children = !owned.children && isLoaded('child_process');
  if (owned.stream && !children) return;
  if (!owned.stream) {
    owned.stream = true;
    // Only the handler's own calls: a failed write of the envelope must still end the run (E10).
    whenBuilt('stdout', (stream) => keepStreamOpen(stream, isExitGuarded));
    // Before the redirection: a stream over a file writes with fs.writeSync as it finds it when built.
    buildIfWrittenSync('stdout');
    redirectDescriptorWrites(await builtin<object>('node:fs'));
  }
  if (children) {
    owned.children = true;
    redirectChildStdout(await builtin<object>('node:child_process'));
  }
  (await builtin<{ syncBuiltinESMExports(): void }>('node:module')).syncBuiltinESMExports();
}

type Patchable = Record<string, unknown>;

/** Replaces `target[key]` with `wrap(original)` and returns the undo. */
function patch<T>(target: object, key: string, wrap: (original: T) => T): () => void {
  const holder = target as Patchable;
  const had = Object.hasOwn(holder, key);
  const original = holder[key] as T;
  holder[key] = wrap(original);
  return () => {
    if (had) holder[key] = original;
    else delete holder[key];
  };
}

const undoAll = (undo: readonly (() => void)[]) => () => {
  for (const restore of undo) restore();
};

/**
 * `end()` and `destroy()` on stdout would stop every later answer; they do nothing while serving,
 * or, given `when`, whenever it says so.
 */
function keepStreamOpen(stream: NodeJS.WriteStream, when: () => boolean = () => true): () => void {
  const ignoring = (original: (...args: unknown[]) => unknown) =>
    function (this: NodeJS.WriteStream, ...args: unknown[]) {
      if (!when()) return original.apply(this, args);
      const callback = args.find((arg): arg is () => void => typeof arg === 'function');
      if (callback !== undefined) queueMicrotask(callback);
      return this;
    };
  return undoAll(['end', 'destroy', 'destroySoon'].map((key) => patch(stream, key, ignoring)));
}

const STDOUT_FD = 1;
const STDERR_FD = 2;

/** `fs.writeSync(1, …)` and `fs.write(1, …)` land on stderr instead of between two frames. */
function redirectDescriptorWrites(fs: object): () => void {
  type Write = (fd: unknown, ...rest: unknown[]) => unknown;
  const toStderr =
    (original: Write): Write =>
    (fd, ...rest) =>
      original(fd === STDOUT_FD ? STDERR_FD : fd, ...rest);
  return undoAll(['writeSync', 'write', 'writevSync', 'writev'].map((key) => patch(fs, key, toStderr)));
}

/** Children spawned with an inherited stdout write to stderr instead; everything else is theirs. */
function redirectChildStdout(childProcess: object): () => void {
  const names = ['spawn', 'spawnSync', 'execSync', 'execFileSync', 'fork'] as const;
  return undoAll(
    names.map((name) =>
      patch(
        childProcess,
        name,
        (original: (...args: unknown[]) => unknown) =>
          (...args: unknown[]) =>
            original(...withStdioAway(name, args)),
      ),
    ),
  );
}

/** The same arguments, with the options' stdio no longer pointing at descriptor 1. */
function withStdioAway(name: string, args: unknown[]): unknown[] {
  const at = args.findLastIndex((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
  const options = (at === -1 ? {} : args[at]) as { stdio?: unknown; silent?: unknown };
  let stdio = options.stdio;
  // fork() inherits the parent's stdio unless told otherwise.
  if (stdio === undefined && name === 'fork' && options.silent !== true) stdio = 'inherit';
  if (stdio === undefined) return args;
  const entries = typeof stdio === 'string' ? [stdio, stdio, stdio] : Array.isArray(stdio) ? [...stdio] : undefined;
  if (entries === undefined) return args;
  if (name === 'fork' && !entries.includes('ipc')) entries.push('ipc');
  const away = entries.map((entry, index) =>
    entry === STDOUT_FD || entry === process.stdout || (index === STDOUT_FD && entry === 'inherit') ? STDERR_FD : entry,
  );
  const changed = { ...options, stdio: away };
  return at === -1 ? [...args, changed] : args.map((arg, index) => (index === at ? changed : arg));
}
