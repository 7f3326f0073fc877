import { createHash, randomBytes } from 'node:crypto';
import type { Progress } from '../declaration/types.js';

/** Where a task is (B2): the statuses of MCP's tasks, the same in both eras. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What a finished run left: its exit code and what it printed on stdout under `--json`. */
export type TaskOutcome = { exitCode: number; envelope: string };

/** The process running a task, so a reader can tell a live worker from a dead one (B4). */
export type TaskWorker = {
  pid: number;
  /** The kernel's start time of that process (Linux `/proc/<pid>/stat`), so a reused pid is not taken for it. */
  started?: string | undefined;
  /** When the worker last showed it is alive, for stores shared across machines. */
  heartbeatAt?: string | undefined;
};

/**
 * A question of a task's run (MCP, 2025-11-25). The run writes `form`; the instance serving the
 * client's `tasks/result` takes it (`askedBy`, until `askedUntil`) so that no two ask it, and writes
 * `answer`, which the run takes out at once (it may hold a secret).
 */
export type TaskQuestion = {
  id: string;
  form: unknown;
  askedBy?: string | undefined;
  askedUntil?: string | undefined;
  answer?: unknown;
};

/** One task as it is stored: everything `tasks status` and `tasks result` show. */
export type TaskRecord = {
  /** The bearer of the task: 32 random bytes, base64url. */
  id: string;
  /** Who started it: `--detach` on the command line, or an MCP client (B2); each reads only its own. */
  origin?: 'cli' | 'mcp' | undefined;
  /** The command's path in the program (`['deploy']`). */
  command: string[];
  status: TaskStatus;
  createdAt: string;
  lastUpdatedAt: string;
  /** How long the record lives, counted from `createdAt`; a run still going then is stopped. */
  ttlMs: number;
  /** How often a reader should look again. */
  pollIntervalMs: number;
  statusMessage?: string | undefined;
  progress?: Progress | undefined;
  /** Set by `tasks cancel`: the worker aborts `ctx.signal` when it sees it. */
  cancelRequested?: boolean | undefined;
  worker?: TaskWorker | undefined;
  outcome?: TaskOutcome | undefined;
  /** The question an MCP task's run waits on (input_required), and its answer once a client gave it. */
  question?: TaskQuestion | undefined;
  /** An MCP task's result, exactly as the plain call would have answered. */
  toolResult?: unknown;
};

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);
export const isTerminal = (status: TaskStatus): boolean => TERMINAL.has(status);

/**
 * A new id: unguessable, since whoever holds it may read the result and cancel the run (B4). One in 64
 * base64url strings begins with `-`, which `tool tasks status <id>` would read as an option; those are
 * drawn again.
 */
export function newTaskId(): string {
  for (;;) {
    const id = randomBytes(32).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** True for a string that can be an id; anything else names no task and never reaches the file system. */
export const isTaskId = (text: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(text);

/** The name a task's record is kept under: a digest, so a listing of the folder shows no id. */
export const recordName = (id: string): string => createHash('sha256').update(id).digest('hex').slice(0, 40);
