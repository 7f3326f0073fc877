import type { Client } from '@modelcontextprotocol/client';
import { toProgram } from '../declaration/define.js';
import type { Command, Program } from '../declaration/types.js';
import { execute } from '../runtime/execute.js';
import type { Io, OutputStream } from '../runtime/io.js';
import type { ConnectMcpOptions } from '../runtime/mcp/connect.js';
import type { McpHttpTestServer, StartMcpHttpOptions } from '../runtime/mcp/listen.js';
import { writeResult } from '../runtime/report.js';

export type { ConnectMcpOptions, McpHttpTestServer, StartMcpHttpOptions };

/** What `runProgram` gives back: the exit code, both streams, and stdout parsed when it is JSON. */
export type ProgramResult = { exitCode: number; stdout: string; stderr: string; json: unknown };

export type RunProgramOptions = {
  env?: Record<string, string | undefined>;
  /** `'tty'` makes stdin a terminal; anything else (text, `null`) is a pipe or closed. */
  stdin?: string | null | 'tty';
  /** Makes stdout and stderr terminals of this width (`true` → 80 columns). */
  tty?: boolean | number;
  cwd?: string;
};

/** Runs a program in-process against an argv, as a user would from a shell, with nothing spawned (DESIGN T1). */
export async function runProgram(
  target: Program | Command,
  argv: readonly string[],
  options: RunProgramOptions = {},
): Promise<ProgramResult> {
  let stdout = '';
  let stderr = '';
  const columns =
    options.tty === undefined || options.tty === false ? undefined : options.tty === true ? 80 : options.tty;
  const stream = (append: (t: string) => void): OutputStream => ({
    write: append,
    isTTY: columns !== undefined,
    columns,
  });
  const io: Io = {
    argv,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    stdout: stream((t) => {
      stdout += t;
    }),
    stderr: stream((t) => {
      stderr += t;
    }),
    stdinIsTTY: options.stdin === 'tty',
  };
  const result = await execute(toProgram(target), io);
  writeResult(io, result);
  const exitCode = result.exitCode;
  let json: unknown;
  try {
    json = stdout.trim() === '' ? undefined : JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { exitCode, stdout, stderr, json };
}

/**
 * Serves a program in-process and returns the official MCP client connected to it through the SDK's
 * in-memory transport; `client.close()` ends both sides (DESIGN T1). The SDK loads on first call only.
 */
export async function connectMcp(target: Program | Command, options: ConnectMcpOptions = {}): Promise<Client> {
  const { connectMcp: connect } = await import('../runtime/mcp/connect.js');
  return connect(toProgram(target), options);
}

/**
 * Serves a program over MCP's Streamable HTTP transport in this process, on 127.0.0.1 and a free
 * port, behind the same Host/Origin, token and body-size checks as `tool --mcp --http` (M7, T1).
 * Connect any HTTP client to `url`; `close()` stops it. The SDK loads on first call only.
 */
export async function startMcpHttp(
  target: Program | Command,
  options: StartMcpHttpOptions = {},
): Promise<McpHttpTestServer> {
  const { startMcpHttp: start } = await import('../runtime/mcp/listen.js');
  return start(toProgram(target), options);
}
