import type { Program } from '../declaration/types.js';
import { refuse } from '../errors/errors.js';
import { mcpNeedsProcess } from '../errors/refusals/index.js';
import type { Globals } from '../manifest/globals.js';
import type { Manifest } from '../manifest/types.js';
import { configCandidates } from '../pipeline/config-file.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import type { Execute } from './tool-call.js';

/**
 * `--mcp`, and `--mcp --http`: serves the whole program until stdin closes (stdio) or until SIGINT
 * or SIGTERM (HTTP), then returns exit 0. The parser has already refused these flags anywhere but
 * at the root, and the HTTP ones without `--mcp`. The SDK is imported here only, so ordinary runs
 * never load it (M1, M7, N1). Each call runs through `execute`, which run/ hands in.
 */
export async function serveMcpSurface(
  program: Program,
  manifest: Manifest,
  globals: Globals,
  io: Io,
  report: Reporter,
  execute: Execute,
): Promise<RunResult> {
  // `--config` and `--no-config` hold for every call as on the command line (M10). The file is read
  // here once only to refuse one that cannot serve (exit 3) before a client is told of any tool;
  // each call then reads it again, as every run of the command line does (mcp/serve.ts configWords).
  const config: string | false | undefined = globals.noConfig === true ? false : globals.config;
  const candidates = configCandidates(manifest, globals, io.env, io.cwd);
  if (candidates.length > 0) (await import('../pipeline/config-read.js')).loadConfig(candidates, manifest);
  const settings = { env: io.env, cwd: io.cwd, entry: io.entry, config };
  if (globals.http === undefined) {
    if (io.isRealProcess !== true) throw refuse(mcpNeedsProcess());
    const { serveMcp } = await import('./serve.js');
    const serving = await serveMcp(program, settings, execute);
    await serving.closed;
    return report.text('');
  }
  // What was typed is checked first: a refusal of it holds wherever the program runs.
  const { toHttpServeOptions } = await import('./http-options.js');
  const flags = {
    http: globals.http,
    token: globals.token,
    allowOrigin: globals.allowOrigin,
    maxBody: globals.maxBody,
  };
  const options = toHttpServeOptions(flags, io.env, manifest);
  if (io.isRealProcess !== true) throw refuse(mcpNeedsProcess());
  const { serveMcpHttp } = await import('./serve-http.js');
  // A server stops on SIGINT by draining and exiting 0, not by dying of the signal as a command does (E9).
  io.releaseSignals?.();
  const serving = await serveMcpHttp(program, options, settings, execute);
  await serving.closed;
  return report.text('');
}
