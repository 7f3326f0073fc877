import type { Stats } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../errors/errors.js';
import { updateUserFile } from '../user-files/update.js';
import { failedRecord } from './endings.js';
import { isTaskId, isTerminal, recordName, type TaskRecord } from './record.js';
import { workerIsGone } from './worker-alive.js';

/** Where a program's tasks are kept, and how they are read and changed (B3, B4). */
export type TaskStore = {
  /** Writes a new record; it is on disk when this resolves. */
  create(record: TaskRecord): Promise<void>;
  /** The task, or undefined for an unknown, malformed or expired id. A dead worker's task reads as `failed`. */
  get(id: string): Promise<TaskRecord | undefined>;
  /** Changes a task under its lock; `change` may run twice, so it depends on its argument alone. */
  update(id: string, change: (record: TaskRecord) => TaskRecord): Promise<TaskRecord | undefined>;
  /** Every task not expired, oldest first. */
  list(): Promise<TaskRecord[]>;
};

type Env = Readonly<Record<string, string | undefined>>;

/** A task whose worker has not shown itself by then never started. */
const START_GRACE_MS = 10_000;

/**
 * The user's state folder for this program's tasks (XDG): `$XDG_STATE_HOME/<program>/tasks`, else
 * `~/.local/state/<program>/tasks`.
 */
export function tasksFolder(program: string, env: Env): string {
  const base = env.XDG_STATE_HOME || (env.HOME ? join(env.HOME, '.local', 'state') : undefined);
  if (base === undefined) {
    throw new ConfigError('tasks are kept in the state folder, and neither XDG_STATE_HOME nor HOME is set', {
      hint: 'set XDG_STATE_HOME (or HOME) to a folder of your own',
    });
  }
  return join(base, program, 'tasks');
}

/**
 * Opens the folder, making it readable by this user alone (0700), and refuses one that others can
 * read or that is not the user's own: a task's id is its key, and its result may hold anything.
 */
export async function openFileStore(folder: string, now: () => number = Date.now): Promise<TaskStore> {
  await ownFolder(folder);
  const store = new FileTaskStore(folder, now);
  return {
    create: (record) => store.write(record),
    get: (id) => (isTaskId(id) ? store.read(store.file(id)) : Promise.resolve(undefined)),
    update: (id, change) => (isTaskId(id) ? store.update(store.file(id), change) : Promise.resolve(undefined)),
    list: () => store.list(),
  };
}

async function ownFolder(folder: string): Promise<void> {
  let stats: Stats;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    stats = await lstat(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new ConfigError(`tasks cannot be kept in ${folder} (${code}); no task was read or written`, {
      hint: 'tasks are kept in a folder of your own: set XDG_STATE_HOME to one, or make this one yours',
    });
  }
  if (!stats.isDirectory()) {
    throw new ConfigError(`${folder} is not a folder (a symbolic link, or a file); no task was read or written`, {
      hint: 'tasks are kept in a plain folder of your own: move that aside, then run the command again',
    });
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new ConfigError(`${folder} belongs to another user; no task was read or written`, {
      hint: "a task's id and result are its user's alone: set XDG_STATE_HOME to a folder of your own",
    });
  }
  if ((stats.mode & 0o077) !== 0) {
    throw new ConfigError(`${folder} can be reached by other users; no task was read or written`, {
      hint: `a task's id and result are yours alone: run chmod 700 ${folder}`,
    });
  }
}

/** Records as files of the folder, each written by the one safe writer (K4) under its lock. */
class FileTaskStore {
  constructor(
    private readonly folder: string,
    private readonly now: () => number,
  ) {}

  file(id: string): string {
    return join(this.folder, `${recordName(id)}.json`);
  }

  async write(record: TaskRecord): Promise<void> {
    await updateUserFile(this.file(record.id), () => `${JSON.stringify(record)}\n`, this.options());
  }

  /** A record as it stands now: an expired one is removed, a dead worker's marked failed. */
  async read(path: string): Promise<TaskRecord | undefined> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
    const record = parseRecord(text);
    if (record === undefined) return undefined;
    const now = this.now();
    if (Date.parse(record.createdAt) + record.ttlMs <= now) {
      // Past its TTL the record goes, whatever it held; a run still going stops itself at that time.
      await rm(path, { force: true });
      return undefined;
    }
    if (isTerminal(record.status) || !workerIsGone(record, now, START_GRACE_MS)) return record;
    return this.update(path, (current) => (isTerminal(current.status) ? current : failedRecord(current, now)));
  }

  async update(path: string, change: (record: TaskRecord) => TaskRecord): Promise<TaskRecord | undefined> {
    let changed: TaskRecord | undefined;
    const edit = (current: string | undefined) => {
      const record = current === undefined ? undefined : parseRecord(current);
      // An edit that finds no record throws, so no empty record is ever written.
      if (record === undefined) throw new TaskGone();
      changed = change(record);
      return `${JSON.stringify(changed)}\n`;
    };
    try {
      await updateUserFile(path, edit, this.options());
    } catch (error) {
      if (error instanceof TaskGone) return undefined;
      throw error;
    }
    return changed;
  }

  async list(): Promise<TaskRecord[]> {
    const names = (await readdir(this.folder)).filter((name) => /^[0-9a-f]{40}\.json$/.test(name));
    const records = await Promise.all(names.map((name) => this.read(join(this.folder, name))));
    return records
      .filter((record): record is TaskRecord => record !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  private options() {
    return { mode: 0o600, backup: false, within: this.folder };
  }
}

class TaskGone extends Error {}

/** A stored record, or undefined for text that is not one (a half-written or foreign file). */
function parseRecord(text: string): TaskRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<TaskRecord>;
    const ok =
      typeof value.id === 'string' &&
      typeof value.status === 'string' &&
      typeof value.createdAt === 'string' &&
      typeof value.ttlMs === 'number' &&
      Array.isArray(value.command);
    return ok ? (value as TaskRecord) : undefined;
  } catch {
    return undefined;
  }
}
