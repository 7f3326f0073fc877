import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import type { Program, Progress } from '../declaration/types.js';
import type { ManifestCommand } from '../manifest/types.js';
import { toolName } from '../projections/mcp/tools.js';
import { newTaskId, type TaskStatus } from '../tasks/record.js';
import { DEFAULT_TASK_TTL_MS, POLL_INTERVAL_MS } from '../tasks/settings.js';
import { progressText } from '../tasks/worker.js';
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

type Running = { task: McpTask; controller: AbortController; result: Promise<ToolResult>; done?: ToolResult };

/**
 * The tasks one server runs (B2): each call's run in this process, its status, and its result kept
 * until its TTL. A client's cancel aborts the run's `ctx.signal`.
 */
export class McpTasks {
  private readonly tasks = new Map<string, Running>();

  /** Starts `run` as a task and answers at once; `ttl` is the client's wish, capped at the default. */
  start(
    ttl: number | undefined,
    run: (signal: AbortSignal, onProgress: (p: Progress) => void, ttlMs: number) => Promise<ToolResult>,
  ): McpTask {
    const now = new Date().toISOString();
    const ttlMs = Math.min(ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const task: McpTask = {
      taskId: newTaskId(),
      status: 'working',
      ttl: ttlMs,
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: POLL_INTERVAL_MS,
    };
    const controller = new AbortController();
    const touch = (fields: { status?: TaskStatus; statusMessage?: string | undefined }) => {
      if (task.status !== 'working' && task.status !== 'input_required') return;
      if (fields.status !== undefined) task.status = fields.status;
      if (fields.statusMessage !== undefined) task.statusMessage = fields.statusMessage;
      task.lastUpdatedAt = new Date().toISOString();
    };
    const result = run(controller.signal, (progress) => touch({ statusMessage: progressText(progress) }), ttlMs);
    const running: Running = { task, controller, result };
    this.tasks.set(task.taskId, running);
    result.then((done) => {
      running.done = done;
      // 2025-11-25: a tool result with isError ends its task failed.
      touch({ status: done.isError === true ? 'failed' : 'completed', statusMessage: messageOf(done) });
    });
    setTimeout(() => {
      controller.abort(new Error('the task ran past its TTL'));
      this.tasks.delete(task.taskId);
    }, ttlMs).unref();
    return { ...task };
  }

  get(taskId: string): McpTask {
    return { ...this.find(taskId).task };
  }

  list(): McpTask[] {
    return [...this.tasks.values()].map((running) => ({ ...running.task }));
  }

  /** The call's own result once the task ends, with the task named in `_meta`. */
  async result(taskId: string): Promise<ToolResult & { _meta: Record<string, unknown> }> {
    const done = await this.find(taskId).result;
    return { ...done, _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
  }

  cancel(taskId: string): McpTask {
    const running = this.find(taskId);
    if (running.task.status !== 'working' && running.task.status !== 'input_required') {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `task ${taskId} has already ended (${running.task.status})`,
      );
    }
    Object.assign(running.task, {
      status: 'cancelled',
      statusMessage: 'the client cancelled the task',
      lastUpdatedAt: new Date().toISOString(),
    });
    running.controller.abort(new Error('the client cancelled the task'));
    return { ...running.task };
  }

  private find(taskId: string): Running {
    const running = typeof taskId === 'string' ? this.tasks.get(taskId) : undefined;
    if (running === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `no task ${JSON.stringify(taskId)}: it never existed here, or it expired`,
      );
    }
    return running;
  }
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
  on('tasks/list', () => ({ tasks: tasks.list() }));
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
export function startTask(
  settings: ToolCallSettings & { tasks: McpTasks },
  program: Program,
  command: ManifestCommand,
  args: Record<string, unknown>,
  wanted: { ttl?: number },
): { task: McpTask } {
  const task = settings.tasks.start(wanted.ttl, (signal, onProgress, ttl) =>
    // The task's TTL bounds the run, not the per-call timeout.
    callTool(program, command, args, { ...settings, deadlines: new Deadlines(ttl) }, { signal, onProgress }),
  );
  return { task };
}
