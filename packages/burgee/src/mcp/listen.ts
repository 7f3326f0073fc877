import type { Program } from '../declaration/types.js';
import { BODY_DEADLINE_MS, DEFAULT_MAX_BODY } from './http-options.js';
import { listenMcpHttp } from './http-server.js';
import { DEFAULT_CALL_TIMEOUT_MS } from './serve.js';
import { toolsHttpHandler } from './server.js';
import type { Execute } from './tool-call.js';

/** Settings of `startMcpHttp`: the server's environment, folder and call timeout, and its HTTP safety settings. */
export type StartMcpHttpOptions = {
  /** The environment calls run with; empty by default, as in `runProgram`. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  timeoutMs?: number;
  /** Required as `Authorization: Bearer <token>` when set. */
  token?: string;
  /** Origins a browser page may call from, besides the server's own. */
  allowOrigins?: readonly string[];
  /** The largest request body in bytes; 1 MiB by default. */
  maxBody?: number;
};

/** A server started for a test: its URL, and how to stop it. */
export type McpHttpTestServer = {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Stops taking requests, lets calls in flight finish, then closes every connection. */
  close(): Promise<void>;
};

/**
 * Serves a program over Streamable HTTP in this process, on 127.0.0.1 and a free port, with the
 * same gate as `tool --mcp --http` (M7, T1), each call run through `execute`. Nothing is printed
 * and no signal handler is installed.
 */
export async function startMcpHttp(
  program: Program,
  options: StartMcpHttpOptions,
  execute: Execute,
): Promise<McpHttpTestServer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const settings = { execute, env: options.env ?? {}, cwd: options.cwd ?? process.cwd(), timeoutMs, globalWords: [] };
  const maxBody = options.maxBody ?? DEFAULT_MAX_BODY;
  const server = await listenMcpHttp(
    toolsHttpHandler({ program }, settings, () => {}, maxBody),
    {
      address: { host: '127.0.0.1', port: 0 },
      token: options.token,
      allowOrigins: options.allowOrigins ?? [],
      maxBody,
      bodyDeadlineMs: BODY_DEADLINE_MS,
    },
  );
  return { url: server.url, close: () => server.close(Math.min(10_000, timeoutMs)) };
}
