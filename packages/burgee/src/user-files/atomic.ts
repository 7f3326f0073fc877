import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/** What a replacement keeps of the file it replaces: its permission bits and, when root writes, its owner. */
export type Keep = { mode?: number; uid?: number; gid?: number };

/**
 * Writes `data` to a new file beside `path`, under a name no one can have planted (random, created
 * exclusively, so never through a link), flushed to disk; returns its name and inode.
 */
export async function writeTemp(
  path: string,
  data: string | Uint8Array,
  keep: Keep,
): Promise<{ temp: string; inode: bigint }> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', keep.mode ?? 0o666);
  try {
    await handle.writeFile(data);
    // open() narrows the mode by the umask; a replacement keeps exactly the old file's bits.
    if (keep.mode !== undefined) await handle.chmod(keep.mode);
    // Only root can give a file away: `sudo tool mcp install` must leave the user's file the user's.
    if (process.getuid?.() === 0 && keep.uid !== undefined && keep.gid !== undefined) {
      await handle.chown(keep.uid, keep.gid);
    }
    await handle.sync();
    const { ino } = await handle.stat({ bigint: true });
    return { temp, inode: ino };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

/** Renames a temporary file over `path`: readers see the old file or the new one, never half of one. */
export async function replace(temp: string, path: string): Promise<void> {
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
