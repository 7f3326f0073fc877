import {
  createMcpHandler,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
  type Transport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Program, Progress } from '../../declaration/types.js';
import { manifestOf } from '../../manifest/build.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { findToolClash, listToolCommands, toolName } from '../../projections/mcp/tools.js';
import { toolNameClash } from '../../projections/refusals/index.js';
import { BurgeeError } from '../errors.js';
import { Deadlines } from './deadlines.js';
import { type Discovered, discover, isDiscovery, listTools } from './discovery.js';
import { callTool, type ToolCallSettings } from './tool-call.js';

/** Where the served program is read on every request, so `burgee dev` can swap it while serving. */
export type ProgramSource = { readonly program: Program };

/** What every call of one server shares. */
export type ServerSettings = Pick<ToolCallSettings, 'env' | 'cwd' | 'timeoutMs'> & {
  /** The owning package.json's version, for programs that declare none. */
  packageVersion?: string | undefined;
};

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
  const calls = { ...settings, deadlines: new Deadlines(settings.timeoutMs), discovered: new Set<string>() };
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
 * answer any request and a load balancer needs no sticky sessions (M7).
 */
export function toolsHttpHandler(
  source: ProgramSource,
  settings: ServerSettings,
  onerror: (error: Error) => void,
  maxBody: number,
): McpFetch {
  const calls = { ...settings, deadlines: new Deadlines(settings.timeoutMs) };
  const handler = createMcpHandler(() => createToolServer(source, calls), { onerror, maxRequestBodySize: maxBody });
  return {
    fetch: (request, parsedBody) => handler.fetch(request, parsedBody === undefined ? undefined : { parsedBody }),
    close: () => handler.close(),
  };
}

/** A low-level SDK server, so each tool's `inputSchema` is the `--schema` one exactly (M2). */
export function createToolServer(
  source: ProgramSource,
  settings: ServerSettings & { deadlines: Deadlines; discovered?: Discovered },
): Server {
  const manifest = manifestOf(source.program);
  // Stateless HTTP has no connection to remember discoveries for: each request starts with none,
  // and a discovery call's answer carries the tools, callable by name from any request.
  const discovered = settings.discovered ?? new Set<string>();
  const server = new Server(
    { name: manifest.name, version: manifest.version ?? settings.packageVersion ?? '0.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: listTools(manifestOf(source.program), discovered) }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const program = source.program;
    const { name, arguments: args = {} } = request.params;
    const manifest = manifestOf(program);
    const command = toolIndex(manifest).get(name);
    if (command === undefined && isDiscovery(manifest, name)) {
      return discover(manifest, discovered, args, () => {
        server.sendToolListChanged().catch(() => {});
      });
    }
    if (command === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(name)}; tools/list names the tools this server offers`,
      );
    }
    return callTool(program, command, args, settings, {
      signal: ctx.mcpReq.signal,
      onProgress: progressNotifier(ctx),
    });
  });
  return server;
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

/** Turns `ctx.progress(...)` into `notifications/progress` when the request carried a token (M9). */
function progressNotifier(ctx: ServerContext): ((progress: Progress) => void) | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return (progress) => {
    const params = {
      progressToken,
      progress: progress.done,
      ...(progress.total === undefined ? {} : { total: progress.total }),
      ...(progress.message === undefined ? {} : { message: progress.message }),
    };
    // A report that arrives after the result was sent has nowhere to go.
    ctx.mcpReq.notify({ method: 'notifications/progress', params }).catch(() => {});
  };
}
