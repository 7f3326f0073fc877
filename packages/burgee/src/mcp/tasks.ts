import type { ServerContext } from '@modelcontextprotocol/server';
import type { Program } from '../declaration/types.js';
import type { ManifestCommand } from '../manifest/types.js';
import { toolName } from '../projections/mcp/tools.js';
import type { TaskRecord } from '../tasks/record.js';
import { callAsking } from './ask-client.js';
import { Deadlines } from './deadlines.js';
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from './sdk.js';
import type { McpTasks, Relay } from './task-runs.js';
import { TASKS_EXTENSION, toDetailedTask, toMcpTask } from './task-views.js';
import { callTool, type ToolCallSettings } from './tool-call.js';
import type { ToolResult } from './tool-result.js';

/** A server's tasks, loaded at its first task method (task-runs.ts). */
export type TaskRuns = () => Promise<McpTasks>;

/** Params as they come: the SDK checks the method, burgee the fields it reads. */
const anyParams = {
  '~standard': { version: 1, vendor: 'burgee', validate: (value: unknown) => ({ value: value as { taskId: string } }) },
} as const;

type Handler = (params: { taskId: string }, ctx: ServerContext) => unknown;

/** How a server answers for tasks: its task runs, its era, and how a tasks/result may ask its client. */
export type TaskMethods = {
  runs: TaskRuns;
  modern: () => boolean;
  relay: (ctx: ServerContext, taskId: string) => Relay | undefined;
};

/**
 * Serves the task methods of both eras from one store (B2). 2025-11-25: `tasks/get`, `tasks/result`,
 * `tasks/list`, `tasks/cancel`, a question put to the client during its `tasks/result`. The 2026-07-28
 * extension: `tasks/get` carrying the result or the open question, `tasks/update` answering it,
 * `tasks/cancel` acknowledged; each refused (-32021) to a request that does not declare the extension.
 */
export function serveTaskMethods(server: Server, { runs, modern, relay }: TaskMethods): void {
  const on = (method: string, legacy: Handler | undefined, extension: Handler | undefined) =>
    // The SDK's typed methods leave out tasks/*: they are registered with the schema form.
    (server.setRequestHandler as (m: string, s: object, h: Handler) => void)(
      method,
      { params: anyParams },
      (params, ctx) => {
        const answer = modern() ? extension : legacy;
        if (answer === undefined) throw notInEra(method, modern());
        if (modern() && !declaresTasks(ctx)) {
          throw missingExtension(
            `declare the extension ${TASKS_EXTENSION} in the request's client capabilities to use tasks`,
          );
        }
        return answer(params, ctx);
      },
    );
  on(
    'tasks/get',
    async (params) => toMcpTask(await (await runs()).get(params.taskId)),
    async (params) => toDetailedTask(await (await runs()).get(params.taskId)),
  );
  on('tasks/result', async (params, ctx) => (await runs()).result(params.taskId, relay(ctx, params.taskId)), undefined);
  on('tasks/list', async () => ({ tasks: (await (await runs()).list()).map(toMcpTask) }), undefined);
  on(
    'tasks/cancel',
    async (params) => {
      const { record, ended } = await (await runs()).cancel(params.taskId);
      if (ended)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `task ${record.id} has already ended (${record.status})`,
        );
      return toMcpTask(record);
    },
    // An acknowledgement, whether or not the task had ended: it says only that the wish was heard.
    async (params) => {
      await (await runs()).cancel(params.taskId);
      return {};
    },
  );
  on('tasks/update', undefined, async (params, ctx) => {
    const responses = ctx.mcpReq.inputResponses ?? (params as { inputResponses?: unknown }).inputResponses;
    const given = typeof responses === 'object' && responses !== null ? (responses as Record<string, unknown>) : {};
    await (await runs()).answer(params.taskId, given);
    return {};
  });
}

const notInEra = (method: string, modern: boolean) =>
  new ProtocolError(
    ProtocolErrorCode.MethodNotFound,
    modern
      ? `${method} is not a method of the tasks extension (2026-07-28): tasks/get carries the task's result`
      : `${method} belongs to the tasks extension of MCP 2026-07-28`,
  );

/** Whether a 2026-07-28 request declares the tasks extension in its client capabilities. */
export function declaresTasks(ctx: ServerContext): boolean {
  const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
    | { extensions?: Record<string, unknown> }
    | undefined;
  return declared?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** -32021, naming the tasks extension as the capability the request lacks. */
const missingExtension = (message: string) =>
  new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    message,
  );

/**
 * The task a call asks for, or undefined for a plain call (B2). 2025-11-25: the client asks with
 * `params.task`; a task asked of a tool that is no task, or a plain call of one that must be a task,
 * is refused with -32601. 2026-07-28 (`declared` says whether the request declares the extension):
 * the server decides, and makes every call of a task command a task for a client that can follow
 * one; a `required` one called by a client that cannot is refused with -32021.
 */
export function taskWanted(
  command: ManifestCommand,
  params: object,
  declared: boolean | undefined,
): { ttl?: number } | undefined {
  if (declared !== undefined) {
    if (command.task === undefined) return undefined;
    if (declared) return {};
    if (command.task === 'optional') return undefined;
    throw missingExtension(
      `tool ${toolName(command)} runs only as a task: declare the extension ${TASKS_EXTENSION} to call it`,
    );
  }
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
): Promise<TaskRecord> {
  const { program, command, args } = call;
  return (await settings.tasks()).start(command.path, wanted.ttl, ({ signal, onProgress, ttlMs, elicit }) => {
    // The task's TTL bounds the run and its questions, not the per-call timeout.
    const within = { ...settings, deadlines: new Deadlines(ttlMs), timeoutMs: ttlMs };
    const request = { signal, onProgress };
    if (!asks) return callTool(program, command, args, within, request);
    const asking = { key: undefined, elicit };
    const tool = toolName(command);
    // Asked during the run (2025 era), a call answers with its result, never with the questions.
    return callAsking({ program, command, tool, args, settings: within, request, asking }) as Promise<ToolResult>;
  });
}
