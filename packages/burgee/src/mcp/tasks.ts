import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import type { Program, Progress } from '../declaration/types.js';
import type { ManifestCommand } from '../manifest/types.js';
import { toolName } from '../projections/mcp/tools.js';
import { cancelledRecord } from '../tasks/endings.js';
import type { TaskStore } from '../tasks/file-store.js';
import { isTerminal, newTaskId, type TaskRecord, type TaskStatus } from '../tasks/record.js';
import { DEFAULT_TASK_TTL_MS, POLL_INTERVAL_MS } from '../tasks/settings.js';
import { progressWriter, watchTask } from '../tasks/worker.js';
import { processStarted } from '../tasks/worker-alive.js';
import { Deadlines } from './deadlines.js';
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY, Server } from './sdk.js';
import { callTool, type ToolCallSettings } from './tool-call.js';
import type { ToolResult } from './tool-result.js';

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

type Run = (signal: AbortSignal, onProgress: (p: Progress) => void, ttlMs: number) => Promise<ToolResult>;

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
    run(controller.signal, progressWriter(store, record.id), ttlMs)
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

  /** The call's own result once the task ends, with the task named in `_meta`. */
  async result(taskId: string): Promise<ToolResult & { _meta: Record<string, unknown> }> {
    let record = await this.read(taskId);
    while (!isTerminal(record.status) || (record.toolResult === undefined && record.outcome === undefined)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(record.pollIntervalMs, 250)));
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
      isTerminal(current.status) ? current : cancelledRecord(current, 'the client cancelled the task'),
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
function ended(record: TaskRecord, done: ToolResult): TaskRecord {
  const lastUpdatedAt = new Date().toISOString();
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

/** Params as they come: the SDK checks the method, burgee the fields it reads. */
const anyParams = {
  '~standard': { version: 1, vendor: 'burgee', validate: (value: unknown) => ({ value: value as { taskId: string } }) },
} as const;

/** Serves `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` from `tasks` (B2, 2025-11-25). */
export function serveTaskMethods(server: Server, tasks: McpTasks): void {
  const on = (method: string, answer: (params: { taskId: string }) => unknown) =>
    // The SDK's typed methods leave out tasks/*: they are registered with the schema form.
    (server.setRequestHandler as (m: string, s: object, h: (p: { taskId: string }) => unknown) => void)(
      method,
      { params: anyParams },
      answer,
    );
  on('tasks/get', (params) => tasks.get(params.taskId));
  on('tasks/result', (params) => tasks.result(params.taskId));
  on('tasks/list', async () => ({ tasks: await tasks.list() }));
  on('tasks/cancel', (params) => tasks.cancel(params.taskId));
}

/**
 * The SDK checks a tools/call result against the plain call's shape, which a task's answer (B2) is
 * not; this lets that one answer through as it is, and leaves every other to the SDK.
 */
export class TaskServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return (request, ctx) =>
      (request.params as { task?: unknown } | undefined)?.task === undefined
        ? wrapped(request, ctx)
        : handler(request, ctx);
  }
}

/**
 * The task a call asks for (2025-11-25: `params.task`), or undefined for a plain call; a task asked
 * of a tool that is none, or a plain call of one that must be a task, is refused with -32601 (B2).
 */
export function taskWanted(command: ManifestCommand, params: object): { ttl?: number } | undefined {
  const task = (params as { task?: { ttl?: number } }).task;
  if (task !== undefined && command.task === undefined) {
    throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `tool ${toolName(command)} does not run as a task`);
  }
  if (task === undefined && command.task === 'required') {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `tool ${toolName(command)} runs only as a task: call it with params.task`,
    );
  }
  return task;
}

/** Starts the call as a task and answers at once with it; the run is the plain call's, to the byte (B2). */
export async function startTask(
  settings: ToolCallSettings & { tasks: McpTasks },
  program: Program,
  command: ManifestCommand,
  args: Record<string, unknown>,
  wanted: { ttl?: number },
): Promise<{ task: McpTask }> {
  const task = await settings.tasks.start(command.path, wanted.ttl, (signal, onProgress, ttl) =>
    // The task's TTL bounds the run, not the per-call timeout.
    callTool(program, command, args, { ...settings, deadlines: new Deadlines(ttl) }, { signal, onProgress }),
  );
  return { task };
}
