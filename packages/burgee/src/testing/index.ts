import type { McpClient, McpClientOptions } from '../../types/mcp-client.js';
import { programOf } from '../declaration/program-of.js';
import type { Command, Program } from '../declaration/types.js';
import type { ConnectMcpOptions, McpAnswer, McpQuestion } from '../mcp/connect-options.js';
import type { McpHttpTestServer, StartMcpHttpOptions } from '../mcp/listen.js';
import { writeResult } from '../pipeline/report.js';
import type { Io, OutputStream } from '../process/io.js';
import { execute } from '../run/execute.js';

export type {
  ConnectMcpOptions,
  McpAnswer,
  McpClient,
  McpClientOptions,
  McpHttpTestServer,
  McpQuestion,
  StartMcpHttpOptions,
};

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

/**
 * Runs a program in-process against an argv, as a user would from a shell, with nothing spawned (T1).
 * Anything but a program or a command (a Promise not awaited, say) rejects with a TypeError saying so.
 */
export async function runProgram(
  target: Program | Command,
  argv: readonly string[],
  options: RunProgramOptions = {},
): Promise<ProgramResult> {
  const program = programOf(target, 'runProgram');
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
  const result = await execute(program, io);
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
 * in-memory transport; `client.close()` ends both sides (T1). The SDK loads on first call only.
 */
export async function connectMcp(target: Program | Command, options: ConnectMcpOptions = {}): Promise<McpClient> {
  const program = programOf(target, 'connectMcp');
  let connect: typeof import('../mcp/connect.js').connectMcp;
  try {
    ({ connectMcp: connect } = await import('../mcp/connect.js'));
  } catch (error) {
    throw missingClient(error) ?? error;
  }
  return connect(program, options, execute);
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
  const program = programOf(target, 'startMcpHttp');
  const { startMcpHttp: start } = await import('../mcp/listen.js');
  return start(program, options, execute);
}

/**
 * The `--json` envelope of a tool result, whatever its shape: its `structuredContent` where the
 * server sent one (a tool with an `outputSchema`, next steps as tool calls), else its first text
 * item parsed, which is the envelope byte for byte (M4).
 */
export function envelopeOf(result: { content?: unknown; structuredContent?: unknown }): Record<string, unknown> {
  const { structuredContent, content } = result;
  if (typeof structuredContent === 'object' && structuredContent !== null) {
    return structuredContent as Record<string, unknown>;
  }
  const first = (Array.isArray(content) ? content[0] : undefined) as { type?: unknown; text?: unknown } | undefined;
  if (first?.type !== 'text' || typeof first.text !== 'string') {
    throw new TypeError('envelopeOf() was handed a result with neither structuredContent nor a text item first');
  }
  return JSON.parse(first.text) as Record<string, unknown>;
}

/** The optional peer dependency is absent: say what to install rather than surface Node's resolver error. */
function missingClient(error: unknown): Error | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' || !String(message).includes("'@modelcontextprotocol/client'")) return undefined;
  return new Error(
    'connectMcp needs the official MCP client, an optional peer dependency of burgee: npm install --save-dev @modelcontextprotocol/client',
    { cause: error },
  );
}
