import type { JSONRPCRequest, Result, ServerContext } from '@modelcontextprotocol/server';
import type { Program } from '../declaration/types.js';
import type { ManifestCommand } from '../manifest/types.js';
import { toolName } from '../projections/mcp/tools.js';
import { callAsking } from './ask-client.js';
import { Deadlines } from './deadlines.js';
import { ProtocolError, ProtocolErrorCode, Server } from './sdk.js';
import type { McpTask, McpTasks, Relay } from './task-runs.js';
import { callTool, type ToolCallSettings } from './tool-call.js';
import type { ToolResult } from './tool-result.js';

/** A server's tasks, loaded at its first task method (task-runs.ts). */
export type TaskRuns = () => Promise<McpTasks>;

/** Params as they come: the SDK checks the method, burgee the fields it reads. */
const anyParams = {
  '~standard': { version: 1, vendor: 'burgee', validate: (value: unknown) => ({ value: value as { taskId: string } }) },
} as const;

type Handler = (params: { taskId: string }, ctx: ServerContext) => unknown;

/**
 * Serves `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` from `tasks` (B2, 2025-11-25);
 * `relay` says how a `tasks/result` puts the task's questions to its client, if it can be asked.
 */
export function serveTaskMethods(
  server: Server,
  runs: TaskRuns,
  relay: (ctx: ServerContext, taskId: string) => Relay | undefined,
): void {
  const on = (method: string, answer: Handler) =>
    // The SDK's typed methods leave out tasks/*: they are registered with the schema form.
    (server.setRequestHandler as (m: string, s: object, h: Handler) => void)(method, { params: anyParams }, answer);
  on('tasks/get', async (params) => (await runs()).get(params.taskId));
  on('tasks/result', async (params, ctx) => (await runs()).result(params.taskId, relay(ctx, params.taskId)));
  on('tasks/list', async () => ({ tasks: await (await runs()).list() }));
  on('tasks/cancel', async (params) => (await runs()).cancel(params.taskId));
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

/**
 * Starts the call as a task and answers at once with it; the run is the plain call's, to the byte
 * (B2). When the client can be asked, a question moves the task to input_required (task-questions.ts).
 */
export async function startTask(
  settings: ToolCallSettings & { tasks: TaskRuns },
  call: { program: Program; command: ManifestCommand; args: Record<string, unknown> },
  wanted: { ttl?: number },
  asks: boolean,
): Promise<{ task: McpTask }> {
  const { program, command, args } = call;
  const task = await (await settings.tasks()).start(
    command.path,
    wanted.ttl,
    ({ signal, onProgress, ttlMs, elicit }) => {
      // The task's TTL bounds the run and its questions, not the per-call timeout.
      const within = { ...settings, deadlines: new Deadlines(ttlMs), timeoutMs: ttlMs };
      const request = { signal, onProgress };
      if (!asks) return callTool(program, command, args, within, request);
      const asking = { key: undefined, elicit };
      const tool = toolName(command);
      // Asked during the run (2025 era), a call answers with its result, never with the questions.
      return callAsking({ program, command, tool, args, settings: within, request, asking }) as Promise<ToolResult>;
    },
  );
  return { task };
}
