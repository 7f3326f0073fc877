import type { Program } from '../../declaration/types.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';
import type { Globals } from '../parse-argv.js';

/** The flags that shape MCP over HTTP; each means nothing without `--mcp`. */
const HTTP_FLAGS = [
  ['--http', 'http'],
  ['--token', 'token'],
  ['--allow-origin', 'allowOrigin'],
  ['--max-body', 'maxBody'],
] as const;

/** True when argv asks for the MCP server: `--mcp`, or one of its HTTP flags (refused without it). */
export function servesMcp(globals: Globals): boolean {
  return globals.mcp || HTTP_FLAGS.some(([, key]) => globals[key] !== undefined);
}

/**
 * `--mcp`, and `--mcp --http`: serves the whole program until stdin closes (stdio) or until SIGINT
 * or SIGTERM (HTTP), then returns exit 0. The SDK is imported here only, so ordinary runs never
 * load it (DESIGN M1, M7, N1).
 */
export async function serveFromCommandLine(
  program: Program,
  manifest: Manifest,
  command: ManifestCommand,
  globals: Globals,
  io: Io,
): Promise<number> {
  if (!globals.mcp) {
    const [flag] = HTTP_FLAGS.find(([, key]) => globals[key] !== undefined)!;
    throw new UsageError(`${flag} belongs to the MCP server, and --mcp is missing`, {
      hint: `serve over HTTP with ${manifest.name} --mcp --http <port>`,
      ...(globals.http === undefined ? {} : { fix: `${manifest.name} --mcp --http ${globals.http}` }),
    });
  }
  if (command !== manifest.root) {
    throw new UsageError('--mcp serves the whole program, not one command', {
      hint: 'every runnable command becomes a tool of the one server',
      fix: `${manifest.name} --mcp${globals.http === undefined ? '' : ` --http ${globals.http}`}`,
    });
  }
  if (globals.http === undefined) {
    const stray = HTTP_FLAGS.find(([, key]) => globals[key] !== undefined);
    if (stray !== undefined) {
      throw new UsageError(`${stray[0]} shapes MCP over HTTP, and --http is missing`, {
        hint: `serve over HTTP with ${manifest.name} --mcp --http 127.0.0.1:8080 ${stray[0]} …`,
      });
    }
  }
  if (io.ownsProcess !== true) {
    throw new UsageError("--mcp serves over this process's own stdin and stdout", {
      hint: 'in tests, connect a client in memory with connectMcp(program) from burgee/testing',
    });
  }
  const settings = { env: io.env, cwd: io.cwd, entry: io.entry };
  if (globals.http !== undefined) {
    const { toHttpServeOptions } = await import('./http-options.js');
    const flags = {
      http: globals.http,
      token: globals.token,
      allowOrigin: globals.allowOrigin,
      maxBody: globals.maxBody,
    };
    const options = toHttpServeOptions(flags, io.env, manifest.envPrefix);
    const { serveMcpHttp } = await import('./serve-http.js');
    // The server stops on SIGINT by draining and exiting 0, not by dying of the signal (DESIGN E9 is for commands).
    io.releaseInterrupt?.();
    const serving = await serveMcpHttp(program, options, settings);
    await serving.closed;
    return ExitCode.OK;
  }
  const { serveMcp } = await import('./serve.js');
  const serving = await serveMcp(program, settings);
  await serving.closed;
  return ExitCode.OK;
}
