import type { Progress } from '../declaration/types.js';
import { cancelledRecord } from '../tasks/endings.js';
import type { TaskStore } from '../tasks/file-store.js';
import { isTerminal, newTaskId, type TaskRecord, type TaskStatus } from '../tasks/record.js';
import { DEFAULT_TASK_TTL_MS, POLL_INTERVAL_MS } from '../tasks/settings.js';
import { progressWriter, watchTask } from '../tasks/worker.js';
import { processStarted } from '../tasks/worker-alive.js';
import type { FormAnswer } from './ask-client.js';
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY } from './sdk.js';
import { type AskClient, askThroughStore, relayQuestion } from './task-questions.js';
import type { ToolResult } from './tool-result.js';

// Loaded at a server's first task method, not with the server: the store's modules take Node's
// crypto and fs, whose ES facades would slow every server's start (N1).

/** A task as MCP 2025-11-25 shows it (B2). */
export type McpTask = {
  taskId: string;
  status: TaskStatus;
  ttl: number;
  createdAt: string;
  lastUpdatedAt: string;
  pollInterval: number;
  statusMessage?: string;
};

/** What a task's run is handed: its abort, where its progress goes, its TTL, and how it asks a question. */
export type RunTools = {
  signal: AbortSignal;
  onProgress: (progress: Progress) => void;
  ttlMs: number;
  elicit: (form: { message: string }, timeoutMs: number) => Promise<FormAnswer>;
};

type Run = (tools: RunTools) => Promise<ToolResult>;

/** Whoever collects a result asks the task's questions of its client (2025-11-25), each for up to `ms`. */
export type Relay = { ask: AskClient; ms: number };

/**
 * The tasks of one server (B2, B4), kept in the task store so that every instance sharing it (the
 * user's state folder, on one machine) answers for a task another runs. The run itself stays in the
 * process that started it; a cancel from any instance reaches it through the store.
 */
export class McpTasks {
  private store: Promise<TaskStore> | undefined;

  constructor(private readonly open: () => Promise<TaskStore>) {}

  /** Starts `run` as a task, durable before it answers; `ttl` is the client's wish, capped at the default. */
  async start(command: readonly string[], ttl: number | undefined, run: Run): Promise<McpTask> {
    const store = await this.stored();
    const now = new Date().toISOString();
    const ttlMs = Math.min(ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const worker = { pid: process.pid, started: processStarted(process.pid) };
    const record: TaskRecord = {
      id: newTaskId(),
      origin: 'mcp',
      command: [...command],
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: POLL_INTERVAL_MS,
      worker,
    };
    await store.create(record);
    const controller = new AbortController();
    const unwatch = watchTask(store, record, (reason) => controller.abort(reason));
    const { signal } = controller;
    const elicit = askThroughStore(store, record.id, signal);
    run({ signal, onProgress: progressWriter(store, record.id), ttlMs, elicit })
      .then((done) => store.update(record.id, (current) => ended(current, done)))
      .catch(() => {})
      .finally(unwatch);
    return toMcpTask(record);
  }

  async get(taskId: string): Promise<McpTask> {
    return toMcpTask(await this.read(taskId));
  }

  async list(): Promise<McpTask[]> {
    const records = await (await this.stored()).list();
    return records.filter((record) => record.origin === 'mcp').map(toMcpTask);
  }

  /**
   * The call's own result once the task ends, with the task named in `_meta`; meanwhile a question
   * the run asks is put to this client when `relay` says how (B2).
   */
  async result(taskId: string, relay?: Relay): Promise<ToolResult & { _meta: Record<string, unknown> }> {
    let record = await this.read(taskId);
    while (!isTerminal(record.status) || (record.toolResult === undefined && record.outcome === undefined)) {
      const asked =
        relay !== undefined && record.status === 'input_required'
          ? await relayQuestion(await this.stored(), record, relay.ask, relay.ms)
          : false;
      if (!asked) await new Promise((resolve) => setTimeout(resolve, Math.min(record.pollIntervalMs, 250)));
      record = await this.read(taskId);
    }
    const done = (record.toolResult as ToolResult | undefined) ?? {
      content: [{ type: 'text', text: record.outcome!.envelope }],
      isError: record.outcome!.exitCode !== 0,
    };
    return { ...done, _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /** Ends the task cancelled at once; its run, wherever it is, sees the request at its next look. */
  async cancel(taskId: string): Promise<McpTask> {
    const record = await this.read(taskId);
    if (isTerminal(record.status)) throw taskOver(taskId, record.status);
    const store = await this.stored();
    const changed = await store.update(taskId, (current) =>
      // A question still open is asked no more, and any answer given to it goes with it.
      isTerminal(current.status) ? current : cancelledRecord(withoutQuestion(current), 'the client cancelled the task'),
    );
    if (changed === undefined) throw noTask(taskId);
    if (changed.status !== 'cancelled') throw taskOver(taskId, changed.status);
    return toMcpTask(changed);
  }

  private stored(): Promise<TaskStore> {
    this.store ??= this.open();
    return this.store;
  }

  private async read(taskId: string): Promise<TaskRecord> {
    const record = typeof taskId === 'string' ? await (await this.stored()).get(taskId) : undefined;
    if (record === undefined || record.origin !== 'mcp') throw noTask(taskId);
    return record;
  }
}

const noTask = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `no task ${JSON.stringify(taskId)}: it never existed here, or it expired`,
  );

const taskOver = (taskId: string, status: string) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `task ${taskId} has already ended (${status})`);

function withoutQuestion(record: TaskRecord): TaskRecord {
  const { question: _over, ...rest } = record;
  return rest;
}

const toMcpTask = (record: TaskRecord): McpTask => ({
  taskId: record.id,
  status: record.status,
  ttl: record.ttlMs,
  createdAt: record.createdAt,
  lastUpdatedAt: record.lastUpdatedAt,
  pollInterval: record.pollIntervalMs,
  ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
});

/** The record of a run that ended; a task already cancelled keeps its status and gains the result. */
function ended(stored: TaskRecord, done: ToolResult): TaskRecord {
  const lastUpdatedAt = new Date().toISOString();
  const record = withoutQuestion(stored);
  if (isTerminal(record.status)) return { ...record, toolResult: done, lastUpdatedAt };
  // 2025-11-25: a tool result with isError ends its task failed.
  const status = done.isError ? 'failed' : 'completed';
  return { ...record, status, statusMessage: messageOf(done), toolResult: done, lastUpdatedAt };
}

function messageOf(result: ToolResult): string | undefined {
  if (result.isError !== true) return undefined;
  const text = result.content[0]?.text ?? '';
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message;
  } catch {
    return undefined;
  }
}
