import type { Stats } from 'node:fs';
import { lstat, mkdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { BurgeeError } from '../errors/errors.js';
import { type Keep, replace, writeTemp } from './atomic.js';
import { checkBackup, writeBackup } from './backup.js';
import { acquireLock, LOCK_LIMITS, type Lock, type LockLimits } from './lock.js';
import {
  cannotRead,
  cannotWrite,
  danglingLink,
  hardLinked,
  linkedOut,
  locked,
  notAFile,
  notUtf8,
  readOnly,
  refuseFile,
} from './refusals.js';
import { lineDiff, NEW_FILE, readStyled, type TextStyle, writeStyled } from './text.js';

/**
 * The new text of a file from its current text (undefined when there is none yet), with LF line
 * breaks and no byte-order mark. It may run more than once (again under the lock), so it must depend
 * on its argument alone; it refuses by throwing (`refuseFile`).
 */
export type Edit = (current: string | undefined) => string | Promise<string>;

/** How one update is made. */
export type UpdateOptions = {
  /** Check everything and say what would change; write nothing, create no folder, take no lock. */
  dryRun?: boolean;
  /** Keep the old file as `<file>.bak`, with its stamp `<file>.bak.burgee` (default true). */
  backup?: boolean;
  /** Permission bits of a file that does not exist yet (default: 0o666 less the umask); an existing file keeps its own. */
  mode?: number;
  /** How long to wait for another writer, and when its lock counts as left behind. */
  lock?: LockLimits;
  /**
   * The folder the write must stay in: a symbolic link, of the file or of a folder above it, is
   * followed only where it leads to a place inside it (K4). Unset: links are followed anywhere.
   */
  within?: string;
};

/** What an update did, or would do under `dryRun`. */
export type FileUpdate = {
  /** The path asked for, made absolute. */
  file: string;
  /** The file written, or that would be: where `file` points when it is a symbolic link, else `file`. */
  target: string;
  changed: boolean;
  /** True when there was no file before. */
  created: boolean;
  /** True when the file was written: false under `dryRun` and when nothing changed. */
  written: boolean;
  /** The copy of the old file, when one was written. */
  backup?: string;
  /** Under `dryRun`, when something would change: the lines that would (lineDiff). */
  diff?: string;
};

/**
 * The one way burgee writes a user's file (K2, K4): follows a symbolic link to its target and keeps
 * the link; refuses a dangling link, a folder, a read-only or hard-linked file; under `<target>.lock`
 * re-reads the file, applies `edit`, backs up the old bytes (never through a link, never over a
 * `.bak` burgee did not make), writes a temporary file and renames it into place. Keeps line breaks,
 * byte-order mark, permissions and owner; creates missing folders. Refusals are exit-3 failures.
 */
export async function updateUserFile(file: string, edit: Edit, options: UpdateOptions = {}): Promise<FileUpdate> {
  const path = resolve(file);
  try {
    if (options.within !== undefined) await mustStayWithin(path, options.within);
    const first = await plan(path, edit);
    if (!first.changed) return outcome(path, first, false);
    // Checked under the lock when writing: another writer may be halfway through its backup now.
    if (!options.dryRun) return await commit(path, edit, options);
    await checkWrite(first, { ...options, concurrent: true });
    return { ...outcome(path, first, false), diff: lineDiff(first.before, first.after) };
  } catch (error) {
    if (error instanceof BurgeeError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw refuseFile(cannotWrite(path, code));
    throw error;
  }
}

/** Refuses a path whose real place (links resolved, of the file and the folders above it) is outside `within`. */
async function mustStayWithin(path: string, within: string): Promise<void> {
  const root = await realpath(resolve(within)).catch(() => resolve(within));
  const real = await realPlace(path);
  if (real !== root && !real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) {
    throw refuseFile(linkedOut(path, real, root));
  }
}

/** Where a path really is: its real path, or for one not there yet its nearest real folder's, plus the rest. */
async function realPlace(path: string): Promise<string> {
  const real = await realpath(path).catch(() => undefined);
  if (real !== undefined) return real;
  const link = await lstat(path).catch(() => undefined);
  // A dangling link: where it would write is its text, resolved beside it.
  if (link?.isSymbolicLink()) return resolve(dirname(path), await readlink(path));
  const parent = dirname(path);
  return parent === path ? path : join(await realPlace(parent), basename(path));
}

/** What the file holds now and what `edit` makes of it. */
type Plan = {
  target: string;
  existing?: Keep & { bytes: Uint8Array; nlink: number };
  before?: string;
  after: string;
  style: TextStyle;
  changed: boolean;
};

async function plan(path: string, edit: Edit): Promise<Plan> {
  const { target, info } = await locate(path);
  if (info === undefined) return { target, after: await edit(undefined), style: NEW_FILE, changed: true };
  const bytes = await readFile(target).catch((error: NodeJS.ErrnoException) => {
    throw refuseFile(cannotRead(target, error.code ?? 'unreadable'));
  });
  let raw: string;
  try {
    raw = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw refuseFile(notUtf8(path));
  }
  const { text, style } = readStyled(raw);
  const after = await edit(text);
  const existing = { bytes, nlink: info.nlink, mode: info.mode & 0o777, uid: info.uid, gid: info.gid };
  return { target, existing, before: text, after, style, changed: after !== text };
}

/** The file a path names: a symbolic link is followed to its end, which must exist and be a file. */
async function locate(path: string): Promise<{ target: string; info?: Stats }> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info === undefined) return { target: path };
  if (info.isSymbolicLink()) {
    const target = await realpath(path).catch(() => undefined);
    if (target === undefined) throw refuseFile(danglingLink(path, await readlink(path)));
    const real = await stat(target);
    if (!real.isFile()) throw refuseFile(notAFile(path));
    return { target, info: real };
  }
  if (!info.isFile()) throw refuseFile(notAFile(path));
  return { target: path, info };
}

/**
 * Refuses what burgee must not replace (K4); a dry run refuses it too, so it shows what would happen.
 * A dry run holds no lock (`concurrent`): a backup another burgee is writing at that moment is
 * half there, so a refusal of it stands only when no writer holds the lock and a second look agrees.
 * The write itself checks again under the lock.
 */
async function checkWrite(plan: Plan, options: UpdateOptions & { concurrent?: boolean }): Promise<void> {
  const { existing, target } = plan;
  if (existing === undefined) return;
  // Mode bits, not a failed open: root may write anything, and a read-only file is still the user's wish.
  if (((existing.mode ?? 0) & 0o200) === 0) throw refuseFile(readOnly(target));
  if (existing.nlink > 1) throw refuseFile(hardLinked(target, existing.nlink));
  if (options.backup === false) return;
  try {
    await checkBackup(target);
  } catch (error) {
    if (options.concurrent !== true) throw error;
    const writing = await lstat(`${target}.lock`).then(
      () => true,
      () => false,
    );
    if (!writing) await checkBackup(target);
  }
}

/** Takes the lock beside the target, then plans, checks and writes again from what is there now. */
async function commit(path: string, edit: Edit, options: UpdateOptions): Promise<FileUpdate> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { target } = await locate(path);
    await mkdir(dirname(target), { recursive: true });
    const lock = await acquireLock(target, options.lock ?? LOCK_LIMITS);
    try {
      const now = await plan(path, edit);
      // The link was pointed elsewhere while this writer waited: lock where it points now.
      if (now.target !== target) continue;
      if (!now.changed) return outcome(path, now, false);
      await checkWrite(now, options);
      const done = await write(now, options, lock);
      if (done !== undefined) return { ...outcome(path, now, true), ...done };
    } finally {
      await lock.release();
    }
  }
  throw refuseFile(locked(path, `${path}.lock`, 'other writers'));
}

/**
 * Backup, then the new text by rename. The lock is checked before each: a writer paused for longer
 * than a lock lives may have lost it to another, and then starts again from what is there.
 */
async function write(plan: Plan, options: UpdateOptions, lock: Lock): Promise<{ backup?: string } | undefined> {
  const { existing, target } = plan;
  if (!(await lock.held())) return undefined;
  const keep: Keep = existing ?? (options.mode === undefined ? {} : { mode: options.mode });
  const backup =
    existing !== undefined && options.backup !== false ? await writeBackup(target, existing.bytes, keep) : undefined;
  const { temp } = await writeTemp(target, writeStyled(plan.after, plan.style), keep);
  if (!(await lock.held())) {
    await rm(temp, { force: true });
    return undefined;
  }
  await replace(temp, target);
  return backup === undefined ? {} : { backup };
}

function outcome(path: string, plan: Plan, written: boolean): FileUpdate {
  return { file: path, target: plan.target, changed: plan.changed, created: plan.existing === undefined, written };
}
