import { createHash } from 'node:crypto';
import { lstat, readFile, readlink, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Keep, replace, writeTemp } from './atomic.js';
import { backupIsLink, backupNotOurs, refuseFile, stampNotOurs } from './refusals.js';

/** Where the copy of a file's last version goes. */
export const backupOf = (target: string): string => `${target}.bak`;
/** Where burgee records which `.bak` it wrote, so it can tell its own backup from anyone else's file. */
export const stampOf = (target: string): string => `${target}.bak.burgee`;

/**
 * The record of one backup: the file it copies, and the inode, size and SHA-256 of the `.bak` burgee
 * wrote. A file put there by anyone else (a cloned repository, a copy, a hand edit) has another
 * inode or other bytes: no repository can know the inode a checkout will get.
 */
type Stamp = { burgee: 'backup'; file: string; inode: string; size: number; sha256: string };

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Refuses (K4) unless `<target>.bak` is absent or is the very file burgee last wrote there: never a
 * link, never a file with other names, never one whose stamp does not match.
 */
export async function checkBackup(target: string): Promise<void> {
  const backup = backupOf(target);
  const stamp = stampOf(target);
  const recorded = await readStamp(stamp);
  const info = await lstat(backup, { bigint: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info === undefined) return;
  if (info.isSymbolicLink()) throw refuseFile(backupIsLink(backup, await readlink(backup)));
  const not = (why: string) => refuseFile(backupNotOurs(backup, stamp, why));
  if (!info.isFile()) throw not('it is not a plain file');
  if (info.nlink > 1n) throw not(`it has ${info.nlink} hard links`);
  if (recorded === undefined) throw not(`there is no ${basename(stamp)} beside it`);
  if (
    recorded.file !== basename(target) ||
    recorded.inode !== String(info.ino) ||
    recorded.size !== Number(info.size)
  ) {
    throw not('it is not the file burgee wrote there');
  }
  if (sha256(await readFile(backup)) !== recorded.sha256) throw not('it changed after burgee wrote it');
}

/** The stamp beside a backup; undefined when there is none; refused when something else is there. */
async function readStamp(stamp: string): Promise<Stamp | undefined> {
  const info = await lstat(stamp).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info === undefined) return undefined;
  if (!info.isFile() || info.size > 4096) throw refuseFile(stampNotOurs(stamp));
  try {
    const value = JSON.parse(await readFile(stamp, 'utf8')) as Partial<Stamp>;
    const ok = value.burgee === 'backup' && typeof value.file === 'string' && typeof value.inode === 'string';
    if (ok && typeof value.size === 'number' && typeof value.sha256 === 'string') return value as Stamp;
  } catch {
    // Not JSON: refused below, like any other shape.
  }
  throw refuseFile(stampNotOurs(stamp));
}

/**
 * Copies the old bytes to `<target>.bak` and records them in the stamp, each by a new temporary file
 * renamed into place: a rename replaces a link rather than writing through it. Returns the backup's path.
 */
export async function writeBackup(target: string, bytes: Uint8Array, keep: Keep): Promise<string> {
  const backup = backupOf(target);
  const copy = await writeTemp(backup, bytes, keep);
  const record: Stamp = {
    burgee: 'backup',
    file: basename(target),
    inode: String(copy.inode),
    size: bytes.length,
    sha256: sha256(bytes),
  };
  try {
    const stamp = await writeTemp(stampOf(target), `${JSON.stringify(record, null, 2)}\n`, keep);
    await replace(stamp.temp, stampOf(target));
  } catch (error) {
    await rm(copy.temp, { force: true });
    throw error;
  }
  await replace(copy.temp, backup);
  return backup;
}
