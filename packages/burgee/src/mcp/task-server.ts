import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Program } from '../declaration/types.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { canAsk, elicitOf, isModern } from './client-asks.js';
import { RELATED_TASK_META_KEY, Server } from './sdk.js';
import type { McpTasks } from './task-runs.js';
import { TASKS_EXTENSION, toDetailedTask, toMcpTask } from './task-views.js';
import { declaresTasks, serveTaskMethods, startTask, type TaskRuns, taskWanted } from './tasks.js';
import type { ToolCallSettings } from './tool-call.js';
import type { ToolResult } from './tool-result.js';

// The server of a program some of whose commands may run as tasks (B2): what it advertises, the task
// methods it serves, and how it answers a call with a task.

type ServerOptions = ConstructorParameters<typeof Server>[1];
type TaskSettings = ToolCallSettings & { tasks: TaskRuns };

/**
 * The SDK checks a tools/call result against the plain call's shape, which a task's answer (B2) is
 * not; this lets that one answer through as it is, and leaves every other to the SDK. (In 2026-07-28
 * the SDK itself passes a result whose `resultType` is `task`.)
 */
export class TaskServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return async (request, ctx) => {
      if ((request.params as { task?: unknown } | undefined)?.task !== undefined) return handler(request, ctx);
      const result = await wrapped(request, ctx);
      if ((result as { resultType?: unknown }).resultType !== 'task') return result;
      // 2026-07-28: the SDK reads a task's answer as a tool result, and gives it the empty `content`
      // a tool result must have; a CreateTaskResult has none.
      const { content: _none, ...task } = result as Result & { content?: unknown };
      return task;
    };
  }
}

/**
 * A server that serves tasks; `options` are the plain server's, whose capabilities gain tasks in each
 * era's form (2025-11-25 reads `tasks`, 2026-07-28 the extension).
 */
export function newTaskServer(
  info: { name: string; version: string },
  options: ServerOptions,
  manifest: Manifest,
  settings: TaskSettings,
): Server {
  const tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
  const capabilities = { ...options?.capabilities, tasks, extensions: { [TASKS_EXTENSION]: {} } };
  const server = new TaskServer(info, { ...options, capabilities });
  serveTaskMethods(server, {
    runs: settings.tasks,
    modern: () => isModern(server),
    // A tasks/result puts the task's questions to its client, named as the task's (2025-11-25).
    relay: (ctx, taskId) =>
      canAsk(server, ctx, manifest)
        ? { ask: elicitOf(ctx, { [RELATED_TASK_META_KEY]: { taskId } }), ms: settings.timeoutMs }
        : undefined,
  });
  return server;
}

/**
 * Answers a tools/call with a task when the call asks for one (2025-11-25) or the client can follow
 * one (2026-07-28); undefined for a plain call. Refusals are taskWanted's.
 */
export async function callAsTask(
  server: Server,
  ctx: ServerContext,
  settings: TaskSettings,
  call: { program: Program; command: ManifestCommand; args: Record<string, unknown>; params: object },
): Promise<ToolResult | undefined> {
  const modern = isModern(server);
  const wanted = taskWanted(call.command, call.params, modern ? declaresTasks(ctx) : undefined);
  if (wanted === undefined) return undefined;
  const asks = canAsk(server, ctx, manifestOf(call.program));
  const record = await startTask(settings, call, wanted, asks);
  // A task's answer is not a call's result; the TaskServer lets it through the SDK's check.
  const created = modern ? { resultType: 'task', ...toDetailedTask(record) } : { task: toMcpTask(record) };
  return created as unknown as ToolResult;
}

/** The tasks of a server, in the program's task store (B4); loaded and opened at its first task method. */
export function taskRunsOf(source: { readonly program: Program }, env: ToolCallSettings['env']): TaskRuns {
  let runs: Promise<McpTasks> | undefined;
  return () => {
    runs ??= import('./task-runs.js').then(
      ({ McpTasks }) =>
        new McpTasks(async () => {
          const { openTaskStore } = await import('../tasks/store.js');
          return openTaskStore(manifestOf(source.program).name, env);
        }),
    );
    return runs;
  };
}
