import type { TaskRecord, TaskStatus } from '../tasks/record.js';

// How each revision of MCP shows a stored task (B2): pure functions of the record, so both eras read
// the same store, whichever instance wrote it.

/** The 2026-07-28 tasks extension, by the name clients and servers declare it under `extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** A task as MCP 2025-11-25 shows it. */
export type McpTask = {
  taskId: string;
  status: TaskStatus;
  ttl: number;
  createdAt: string;
  lastUpdatedAt: string;
  pollInterval: number;
  statusMessage?: string;
};

export const toMcpTask = (record: TaskRecord): McpTask => ({
  taskId: record.id,
  status: record.status,
  ttl: record.ttlMs,
  createdAt: record.createdAt,
  lastUpdatedAt: record.lastUpdatedAt,
  pollInterval: record.pollIntervalMs,
  ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
});

/** A task as the 2026-07-28 extension shows it: its state, with what that state carries. */
export type DetailedTask = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  result?: unknown;
  error?: { code: number; message: string };
  inputRequests?: Record<string, { method: 'elicitation/create'; params: unknown }>;
};

/** JSON-RPC's internal error: a run that never gave its result (its process died, its TTL ran out). */
const INTERNAL_ERROR = -32603;

/**
 * `tasks/get` in 2026-07-28. There a tool result, `isError` or not, completes its task, and `failed`
 * is kept for a run that gave no result at all; an open question is the one `inputRequests` entry,
 * keyed by its id, which no later question of the task reuses.
 */
export function toDetailedTask(record: TaskRecord): DetailedTask {
  const base = {
    taskId: record.id,
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
    ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
  };
  if (record.status === 'cancelled') return { ...base, status: 'cancelled' };
  if (record.toolResult !== undefined) {
    // The call's result as the plain call sends it in this revision, `resultType` and all.
    const result = { resultType: 'complete', ...(record.toolResult as object) };
    return { ...base, status: 'completed', result };
  }
  if (record.status === 'completed' || record.status === 'failed') {
    const message = record.statusMessage ?? 'the task ended without a result';
    return { ...base, status: 'failed', error: { code: INTERNAL_ERROR, message } };
  }
  const open = record.question;
  if (record.status === 'input_required' && open !== undefined && open.answer === undefined) {
    return {
      ...base,
      status: 'input_required',
      inputRequests: { [open.id]: { method: 'elicitation/create', params: open.form } },
    };
  }
  // An answer given and not yet taken up: the run goes on in a moment.
  return { ...base, status: 'working' };
}
