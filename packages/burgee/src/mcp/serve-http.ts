import { toProgram } from '../declaration/define.js';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Command, Program } from '../declaration/types.js';
import { originalWrite } from '../process/capture.js';
import type { HttpServeOptions } from './http-options.js';
import { listenMcpHttp, type McpHttpServer } from './http-server.js';
import { report, reportStrayFaults, type ServeMcpOptions, toServerSettings } from './serve.js';
import { assertToolNames, toolsHttpHandler } from './server.js';
import type { Execute } from './tool-call.js';

/** How long a graceful stop waits for calls in flight, unless the per-call timeout is shorter. */
export const DRAIN_MS = 10_000;

/** A running HTTP server: its URL, and a promise that settles once a stop has drained it. */
export type McpHttpServing = {
  readonly url: string;
  readonly closed: Promise<void>;
  /** Stops as SIGTERM would: refuses new requests and lets calls in flight finish. */
  close(): Promise<void>;
};

/**
 * Serves a program over MCP's Streamable HTTP transport until SIGINT or SIGTERM (M7). Once
 * listening it prints its URL on stderr; a signal stops taking requests, lets calls in flight
 * finish (at most 10 s, or the per-call timeout if shorter) and settles `closed`. Stdin is never
 * read, so closing it changes nothing.
 */
export async function serveMcpHttp(
  target: Program | Command,
  http: HttpServeOptions,
  options: ServeMcpOptions,
  execute: Execute,
): Promise<McpHttpServing> {
  const program = toProgram(target);
  assertToolNames(program);
  const settings = toServerSettings(options, execute);
  const restore = reportStrayFaults();
  let server: McpHttpServer;
  try {
    server = await listenMcpHttp(toolsHttpHandler({ program }, settings, report, http.maxBody), http);
  } catch (error) {
    restore();
    throw error;
  }
  originalWrite(process.stderr)(`${manifestOf(program).name}: serving MCP at ${server.url}\n`);
  let settle = () => {};
  const closed = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= server.close(Math.min(DRAIN_MS, settings.timeoutMs)).finally(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      restore();
      settle();
    });
    return stopping;
  };
  // A second signal while draining changes nothing: the wait is bounded already.
  const onSignal = () => void stop();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { url: server.url, closed, close: stop };
}
