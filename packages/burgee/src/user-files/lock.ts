import { randomBytes } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { locked, lockNotOurs, refuseFile } from './refusals.js';

/** How long burgee waits for another writer, and when a lock counts as left behind. */
export type LockLimits = { waitMs: number; staleMs: number };

/**
 * A writer holds the lock for milliseconds (read, merge, two renames), so one older than `staleMs`
 * was left by a process that died or hung; waiting longer than that means a stale lock is always
 * recovered before a writer gives up.
 */
export const LOCK_LIMITS: LockLimits = { waitMs: 15_000, staleMs: 10_000 };

/** A lock burgee holds on one file. */
export type Lock = {
  readonly path: string;
  /** True while the lock file is still this holder's: a writer checks it just before its rename. */
  held(): Promise<boolean>;
  /** Removes the lock file, when it is still this holder's. */
  release(): Promise<void>;
};

/** What a lock file says: who holds it, on which machine, since when, and a token no other holder has. */
type Holder = { burgee: 'lock'; pid: number; host: string; token: string; since: string };

/**
 * Takes `<file>.lock`, created exclusively: only one writer at a time reads, merges and replaces the
 * file, so concurrent writers lose nothing (K4). A lock whose holder is gone (its pid no longer runs
 * on this machine) or older than `staleMs` is removed and the lock taken (breakStale).
 */
export async function acquireLock(file: string, limits: LockLimits = LOCK_LIMITS): Promise<Lock> {
  const path = `${file}.lock`;
  const token = randomBytes(12).toString('hex');
  const holder: Holder = { burgee: 'lock', pid: process.pid, host: hostname(), token, since: '' };
  const deadline = Date.now() + limits.waitMs;
  for (;;) {
    holder.since = new Date().toISOString();
    if (await create(path, `${JSON.stringify(holder)}\n`)) return heldLock(path, token);
    const found = await look(path, limits.staleMs);
    if (found.kind === 'gone' || (found.kind === 'stale' && (await breakStale(path, found.text, limits.staleMs)))) {
      continue;
    }
    if (Date.now() > deadline)
      throw refuseFile(locked(file, path, found.kind === 'live' ? found.who : 'another process'));
    await sleep(5 + Math.random() * 20);
  }
}

/** Creates the lock file with its holder, or says it exists. */
async function create(path: string, text: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // Only its holder needs it; beside a private file (a task record) it must be as private.
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  return true;
}

type Found = { kind: 'gone' } | { kind: 'stale'; text: string } | { kind: 'live'; who: string };

/** Whether the lock at `path` is held, left behind, or already gone. */
async function look(path: string, staleMs: number): Promise<Found> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(path, 'utf8'), stat(path).then((s) => Date.now() - s.mtimeMs)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
  // Empty: a writer between creating the file and writing its holder, or one that died there.
  const holder = text === '' ? undefined : readHolder(text);
  // A lock younger than a second may still be being written; older and unreadable, it is not burgee's.
  if (text !== '' && holder === undefined && age > 1000) throw refuseFile(lockNotOurs(path));
  if (age > staleMs) return { kind: 'stale', text };
  if (holder !== undefined && holder.host === hostname() && !running(holder.pid)) return { kind: 'stale', text };
  return { kind: 'live', who: holder === undefined ? 'another process' : `process ${holder.pid} on ${holder.host}` };
}

function readHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    const ok = value.burgee === 'lock' && Number.isInteger(value.pid) && typeof value.token === 'string';
    return ok && typeof value.host === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** True when a process with this id runs (EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock, if it is still the one judged stale. Breakers take `<lock>.break` first, so
 * two never interleave; while the stale lock exists no writer can create another, so the one read
 * again under that guard is the one removed. A guard left by a crash is removed once it is stale.
 */
async function breakStale(path: string, judged: string, staleMs: number): Promise<boolean> {
  const guard = `${path}.break`;
  if (!(await create(guard, `${process.pid}\n`))) {
    const age = await stat(guard).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > staleMs) await rm(guard, { force: true });
    return false;
  }
  try {
    const now = await readFile(path, 'utf8').catch(() => undefined);
    if (now === judged) await rm(path, { force: true });
    return true;
  } finally {
    await rm(guard, { force: true });
  }
}

function heldLock(path: string, token: string): Lock {
  const held = async () => {
    const text = await readFile(path, 'utf8').catch(() => '');
    return readHolder(text)?.token === token;
  };
  return {
    path,
    held,
    release: async () => {
      if (await held()) await rm(path, { force: true });
    },
  };
}
