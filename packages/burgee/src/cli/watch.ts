import { type FSWatcher, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';

/** A running watch; `close` stops it and drops a change still waiting for quiet. */
export type FolderWatch = { close(): void };

/** How long the folder must stay quiet before a burst of writes (an editor's save) counts as one change. */
export const QUIET_MS = 100;

/** Dependencies and dot-files (`.git`, editor swap files) never trigger a reload. */
const ignored = (name: string): boolean => name.startsWith('.') || name === 'node_modules';

/**
 * Calls `onChange` with the files that changed under `root`, once writes have paused for `quietMs`.
 * One non-recursive `fs.watch` per folder, because Node 20's recursive mode on Linux watches every
 * file of the tree (node_modules too) one by one; new folders are picked up after each change.
 */
export function watchFolder(root: string, onChange: (files: string[]) => void, quietMs = QUIET_MS): FolderWatch {
  return new FolderWatcher(root, onChange, quietMs);
}

class FolderWatcher implements FolderWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly onChange: (files: string[]) => void,
    private readonly quietMs: number,
  ) {
    this.sync();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  /** Watches every folder there is now, and forgets the ones that are gone. */
  private sync(): void {
    const present = new Set(listFolders(this.root));
    for (const [dir, watcher] of this.watchers) {
      if (present.has(dir)) continue;
      watcher.close();
      this.watchers.delete(dir);
    }
    for (const dir of present) if (!this.watchers.has(dir) && !this.closed) this.follow(dir);
  }

  private follow(dir: string): void {
    let watcher: FSWatcher;
    try {
      // Not persistent: a forgotten watcher must not keep the process alive once stdin has closed.
      watcher = watch(dir, { persistent: false }, (_event, name) => this.record(dir, name));
    } catch {
      return; // Gone between listing and watching.
    }
    // A folder that was removed reports an error on some systems; the next sync forgets it.
    watcher.on('error', () => {
      watcher.close();
      this.watchers.delete(dir);
    });
    this.watchers.set(dir, watcher);
  }

  private record(dir: string, name: string | null): void {
    if (this.closed || name === null || name.split(/[\\/]/).some(ignored)) return;
    this.changed.add(join(dir, name));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), this.quietMs);
  }

  private fire(): void {
    this.timer = undefined;
    this.sync();
    const files = [...this.changed];
    this.changed.clear();
    if (!this.closed && files.length > 0) this.onChange(files);
  }
}

/** `root` and every folder below it that is not ignored; symbolic links are not followed. */
function listFolders(root: string): string[] {
  const folders = [root];
  for (let i = 0; i < folders.length; i++) {
    const dir = folders[i]!;
    try {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory() && !ignored(entry.name)) folders.push(join(dir, entry.name));
      }
    } catch {
      // Removed while we looked: nothing below it to watch.
    }
  }
  return folders;
}
