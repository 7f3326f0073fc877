import type { JsonSchemaValidator, jsonSchemaValidator, Transport } from '@modelcontextprotocol/server';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Program } from '../declaration/types.js';
import { BurgeeError } from '../errors/errors.js';
import { toolNameClash } from '../errors/refusals/index.js';
import { withEnvironment } from '../manifest/environment.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { withAskedOptional } from '../projections/mcp/questions.js';
import { findToolClash, listToolCommands, toolName } from '../projections/mcp/tools.js';
import type { McpTool } from '../projections/mcp/types.js';
import { callAsking } from './ask-client.js';
import { askingOf, canAsk, elicitsForms } from './client-asks.js';
import { Deadlines } from './deadlines.js';
import { type Discovered, discover, isDiscovery, listTools } from './discovery.js';
import { withAskingSessions } from './http-sessions.js';
import { progressNotifier } from './progress-notifier.js';
import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, serveStdio } from './sdk.js';
import { callAsTask, newTaskServer, taskRunsOf } from './task-server.js';
import type { TaskRuns } from './tasks.js';
import { callTool, type ToolCallSettings } from './tool-call.js';

/** Where the served program is read on every request, so `burgee dev` can swap it while serving. */
export type ProgramSource = { readonly program: Program };

/** What every call of one server shares. */
export type ServerSettings = Pick<ToolCallSettings, 'execute' | 'env' | 'cwd' | 'timeoutMs' | 'globalWords'> & {
  /** The owning package.json's version, for programs that declare none. */
  packageVersion?: string | undefined;
  /** Signs the `requestState` of questions (Q1): BURGEE_MCP_STATE_KEY's; else each process makes its own. */
  stateKey?: Buffer | undefined;
};

/** What the servers of one connection (stdio) or one HTTP endpoint share: the call queue, the tasks. */
type Shared = ServerSettings & { deadlines: Deadlines; tasks: TaskRuns; discovered?: Discovered };

/**
 * Refuses a program two of whose commands would be served as one tool (M2): one of them could not
 * be called. Only a foreign program can have such a pair (commander's `a_b` beside `a b`).
 */
export function assertToolNames(program: Program): void {
  const manifest = manifestOf(program);
  const clash = findToolClash(manifest);
  if (clash === undefined) return;
  const refusal = toolNameClash(manifest, clash[0], clash[1], toolName(clash[0]));
  throw new BurgeeError(ExitCode.RUNTIME, refusal.message, refusal.hint === undefined ? {} : { hint: refusal.hint });
}

/** One served connection: close it, or tell its client that the tool list changed. */
export type ToolConnection = { close(): Promise<void>; toolsChanged(): Promise<void> };

/**
 * Serves the program's tools over `transport`. The SDK's entry negotiates the protocol: an
 * `initialize` pins the 2025 era (2025-03-26 … 2025-11-25), an envelope claim or `server/discover`
 * the stateless 2026-07-28 revision (M1).
 */
export function serveTools(
  source: ProgramSource,
  settings: ServerSettings,
  transport: Transport,
  onerror: (error: Error) => void,
): ToolConnection {
  const live = new Set<Server>();
  // One queue for the connection: in the stateless revision the SDK builds a server per request.
  // The groups discovered (M2, with a tool budget) belong to the connection, like its queue.
  const calls = {
    ...settings,
    deadlines: new Deadlines(settings.timeoutMs),
    tasks: taskRunsOf(source, settings.env),
    discovered: new Set<string>(),
  };
  const handle = serveStdio(
    () => {
      const server = createToolServer(source, calls);
      live.add(server);
      server.onclose = () => live.delete(server);
      return server;
    },
    { transport, onerror },
  );
  return {
    close: () => handle.close(),
    toolsChanged: async () => {
      await Promise.all([...live].map((server) => server.sendToolListChanged().catch(onerror)));
    },
  };
}

/** The SDK's web-standard handler for MCP over HTTP; `parsedBody` spares it parsing a body read already. */
export type McpFetch = {
  fetch(request: Request, parsedBody?: unknown): Promise<Response>;
  /** Ends open subscription streams. */
  close(): Promise<void>;
};

/**
 * Serves the program's tools over Streamable HTTP, statelessly: a fresh server per request from
 * the same factory, for the 2026-07-28 revision and for the 2025 era alike, so any instance can
 * answer any request and a load balancer needs no sticky sessions (M7). The one exception is a
 * 2025-era client that can be asked: it gets a session of this instance (http-sessions.ts).
 */
export function toolsHttpHandler(
  source: ProgramSource,
  settings: ServerSettings,
  onerror: (error: Error) => void,
  maxBody: number,
): McpFetch {
  const calls = { ...settings, deadlines: new Deadlines(settings.timeoutMs), tasks: taskRunsOf(source, settings.env) };
  const handler = createMcpHandler(() => createToolServer(source, calls), { onerror, maxRequestBodySize: maxBody });
  const stateless: McpFetch = {
    fetch: (request, parsedBody) => handler.fetch(request, parsedBody === undefined ? undefined : { parsedBody }),
    close: () => handler.close(),
  };
  return withAskingSessions(stateless, {
    // A session remembers its discovered groups, as a stdio connection does.
    open: () => createToolServer(source, { ...calls, discovered: new Set() }),
    asks: (initialize) =>
      manifestOf(source.program).mcp?.ask !== false &&
      elicitsForms((initialize as { params?: { capabilities?: object } }).params?.capabilities),
    maxBody,
    onerror,
  });
}

/** A low-level SDK server, so each tool's `inputSchema` is the `--schema` one exactly (M2). */
export function createToolServer(source: ProgramSource, settings: Shared): Server {
  const manifest = manifestOf(source.program);
  // Stateless HTTP has no connection to remember discoveries for: each request starts with none,
  // and a discovery call's answer carries the tools, callable by name from any request.
  const discovered = settings.discovered ?? new Set<string>();
  const server = newServer(manifest, settings);
  server.setRequestHandler('tools/list', (_request, ctx) => {
    // The tools say what the server's environment already gives (P2).
    const manifest = withEnvironment(manifestOf(source.program), settings.env);
    return { tools: listTools(manifest, discovered).map(seenBy(manifest, canAsk(server, ctx, manifest))) };
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const program = source.program;
    const { name, arguments: args = {} } = request.params;
    const manifest = manifestOf(program);
    const command = toolIndex(manifest).get(name);
    if (command === undefined && isDiscovery(manifest, name)) {
      const changed = () => {
        server.sendToolListChanged().catch(() => {});
      };
      // Its tools are shown as tools/list shows them: in the server's environment (P2).
      const seen = withEnvironment(manifest, settings.env);
      return discover(seen, discovered, args, changed, seenBy(seen, canAsk(server, ctx, seen)));
    }
    if (command === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(name)}; tools/list names the tools this server offers`,
      );
    }
    const task = await callAsTask(server, ctx, settings, { program, command, args, params: request.params });
    if (task !== undefined) return task;
    const progress = progressNotifier(ctx);
    const call = { signal: ctx.mcpReq.signal, onProgress: progress?.report };
    if (!canAsk(server, ctx, manifest)) {
      const result = await callTool(program, command, args, settings, call);
      await progress?.finish(result);
      return result;
    }
    const asking = askingOf(server, ctx, settings);
    const outcome = await callAsking({ program, command, tool: name, args, settings, request: call, asking });
    if ('refused' in outcome) throw new ProtocolError(ProtocolErrorCode.InvalidParams, outcome.refused);
    await progress?.finish(outcome);
    // An InputRequiredResult is what the 2026-07-28 revision answers a call with; the SDK's seam checks it.
    return outcome as Awaited<ReturnType<typeof callTool>>;
  });
  return server;
}

/**
 * The server of a program: one that also serves tasks (B2) when some command may run as one, since
 * the capability is advertised only then.
 */
function newServer(manifest: Manifest, settings: Shared): Server {
  const info = { name: manifest.name, version: manifest.version ?? settings.packageVersion ?? '0.0.0' };
  const options = { capabilities: { tools: { listChanged: true } }, jsonSchemaValidator: DEFER_TO_OPTIONS };
  const tasking = listToolCommands(manifest).some((command) => command.task !== undefined);
  return tasking ? newTaskServer(info, options, manifest, settings) : new Server(info, options);
}

/**
 * Answers to questions are checked by burgee as flag values are (type, choices, bounds, Standard
 * Schema; P6): the SDK's own check of a form's answer, which would build its JSON Schema validator
 * (AJV) for it, accepts what burgee then checks.
 */
const DEFER_TO_OPTIONS: jsonSchemaValidator = {
  getValidator:
    <T>(): JsonSchemaValidator<T> =>
    (input) => ({ valid: true, data: input as T, errorMessage: undefined }),
};

/**
 * A tool as this client sees it (Q5): a prompt-bound option without default is required of a client
 * that cannot be asked, as in `--schema`, and optional for one that can, since it will be asked.
 */
function seenBy(manifest: Manifest, askable: boolean): (tool: McpTool) => McpTool {
  if (!askable) return (tool) => tool;
  const index = toolIndex(manifest);
  return (tool) => {
    const command = index.get(tool.name);
    return command === undefined ? tool : withAskedOptional(tool, command);
  };
}

const toolIndexes = new WeakMap<Manifest, ReadonlyMap<string, ManifestCommand>>();

/** The command behind each tool name, found once per program rather than on every call. */
function toolIndex(manifest: Manifest): ReadonlyMap<string, ManifestCommand> {
  let index = toolIndexes.get(manifest);
  if (index === undefined) {
    index = new Map(listToolCommands(manifest).map((command) => [toolName(command), command]));
    toolIndexes.set(manifest, index);
  }
  return index;
}
