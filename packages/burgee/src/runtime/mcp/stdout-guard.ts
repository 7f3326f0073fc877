import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

/**
 * While a server owns stdout, the ways a handler could reach it without going through
 * `process.stdout.write` (which the capture hook already routes) are bent away from it (M5):
 * ending or destroying the stream, writing to descriptor 1 with `fs`, and children spawned with
 * an inherited stdout. What Node gives no hold on (native addons, `/dev/stdout` opened by path,
 * a child that reopens its parent's descriptors) is listed in docs/mcp-stdout.md.
 * Returns the undo.
 */
export function guardStdout(): () => void {
  const undo = [keepStreamOpen(process.stdout), redirectDescriptorWrites(), redirectChildStdout()];
  syncBuiltinESMExports();
  return () => {
    for (const restore of undo.reverse()) restore();
    syncBuiltinESMExports();
  };
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

/** `end()` and `destroy()` on stdout would stop every later answer; they do nothing while serving. */
function keepStreamOpen(stream: NodeJS.WriteStream): () => void {
  const ignore = function (this: NodeJS.WriteStream, ...args: unknown[]) {
    const callback = args.find((arg): arg is () => void => typeof arg === 'function');
    if (callback !== undefined) queueMicrotask(callback);
    return this;
  };
  const undo = ['end', 'destroy', 'destroySoon'].map((key) => patch(stream, key, () => ignore));
  return () => {
    for (const restore of undo) restore();
  };
}

const STDOUT_FD = 1;
const STDERR_FD = 2;

/** `fs.writeSync(1, …)` and `fs.write(1, …)` land on stderr instead of between two frames. */
function redirectDescriptorWrites(): () => void {
  type Write = (fd: unknown, ...rest: unknown[]) => unknown;
  const toStderr =
    (original: Write): Write =>
    (fd, ...rest) =>
      original(fd === STDOUT_FD ? STDERR_FD : fd, ...rest);
  const undo = [patch(fs, 'writeSync', toStderr), patch(fs, 'write', toStderr), patch(fs, 'writevSync', toStderr)];
  undo.push(patch(fs, 'writev', toStderr));
  return () => {
    for (const restore of undo) restore();
  };
}

/** Children spawned with an inherited stdout write to stderr instead; everything else is theirs. */
function redirectChildStdout(): () => void {
  const names = ['spawn', 'spawnSync', 'execSync', 'execFileSync', 'fork'] as const;
  const undo = names.map((name) =>
    patch(
      childProcess,
      name,
      (original: (...args: unknown[]) => unknown) =>
        (...args: unknown[]) =>
          original(...withStdioAway(name, args)),
    ),
  );
  return () => {
    for (const restore of undo) restore();
  };
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
