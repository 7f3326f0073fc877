import type * as NodeChildProcess from 'node:child_process';
import type * as NodeModule from 'node:module';
import { resolve } from 'node:path';
import { toProgram } from '../declaration/define.js';
import { programOf } from '../declaration/program-of.js';
import type { Command, Program } from '../declaration/types.js';
import { ConfigError } from '../errors/errors.js';
import { builtin } from '../process/builtins.js';
import { divertUncapturedStdout, originalWrite } from '../process/capture.js';
import { fs } from '../process/loaded-fs.js';
import { onUnclaimedFaults } from '../process/process-guards.js';
import { guardStdout } from '../process/stdout-guard.js';
import { packageVersion } from '../surfaces/package-version.js';
import { LineTransport } from './line-transport.js';
import { stateKey } from './request-state.js';
import type { McpServing, ServeMcpOptions } from './serve-types.js';
import { assertToolNames, type ServerSettings, serveTools } from './server.js';
import type { Execute } from './tool-call.js';

export type { McpServing, ServeMcpOptions };

// Top-level await: this module is only loaded with import(). Node's modules are taken without
// their ES facades, which would slow a server's start (N1; bench/RESULTS.md).
const [childProcess, { syncBuiltinESMExports }] = await Promise.all([
  builtin<typeof NodeChildProcess>('node:child_process'),
  builtin<typeof NodeModule>('node:module'),
]);

/** How long one tool call may run before it is cancelled and answered with an error, unless configured. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/**
 * Serves a program over MCP on this process's stdin and stdout until stdin closes (M1).
 * While serving, stdout carries protocol frames only: other writes go to stderr (M5), and a
 * fault outside any call is reported on stderr instead of ending the server (M6). Each call runs
 * through `execute`.
 */
export async function serveMcp(
  target: Program | Command,
  options: ServeMcpOptions,
  execute: Execute,
): Promise<McpServing> {
  const settings = toServerSettings(options, execute);
  const source: { program: Program } = { program: programOf(target, 'serveMcp') };
  assertToolNames(source.program);
  const transport = new LineTransport(process.stdin, process.stdout);
  const restore = takeOverProcess();
  const connection = serveTools(source, settings, transport, report);
  const closed = transport.closed.then(restore);
  return {
    get program() {
      return source.program;
    },
    async setProgram(next, { notify = true } = {}) {
      const program = toProgram(next);
      assertToolNames(program);
      source.program = program;
      if (notify) await connection.toolsChanged();
    },
    closed,
    async close() {
      await connection.close();
      await transport.close();
      await closed;
    },
  };
}

/** What every call of a server shares, read once from the options and this process. */
export function toServerSettings(options: ServeMcpOptions, execute: Execute): ServerSettings {
  // Read once: every lookup in process.env crosses into C++, and a call reads a dozen of them
  // (agent detection, colours, option variables). Calls see the server's environment as it started;
  // not frozen, so a handler that writes to ctx.env behaves as it does on the command line.
  const env = { ...(options.env ?? process.env) };
  const cwd = options.cwd ?? process.cwd();
  return {
    execute,
    env,
    cwd,
    globalWords: configWords(options.config, cwd),
    timeoutMs: callTimeout(options.timeoutMs, env),
    packageVersion: packageVersion(options.entry ?? process.argv[1], fs),
    // Read at start, so a shared key that cannot serve is a CONFIG error before the first call.
    stateKey: stateKey(env),
  };
}

/**
 * The words every call carries so that it reads the config file the server was given (M10). Read per
 * call, not kept from the start: a call is then the command line typed at that moment, so an edit
 * is seen by the next call and a file removed since gives the CLI's own error, never stale values;
 * the file is small (4 MiB at most) and its read is little beside a call.
 */
function configWords(config: string | false | undefined, cwd: string): readonly string[] {
  if (config === false) return ['--no-config'];
  // Absolute: a handler that changes the process's folder must not change which file a later call reads.
  return config === undefined ? [] : ['--config', resolve(cwd, config)];
}

/** The per-call timeout: the option, else `BURGEE_MCP_TIMEOUT_MS`, else the default. */
export function callTimeout(option: number | undefined, env: Readonly<Record<string, string | undefined>>): number {
  const text = env.BURGEE_MCP_TIMEOUT_MS;
  const value = option ?? (text === undefined || text === '' ? DEFAULT_CALL_TIMEOUT_MS : Number(text));
  if (!Number.isFinite(value) || value <= 0) {
    const where = option === undefined ? `BURGEE_MCP_TIMEOUT_MS is ${JSON.stringify(text)}` : `timeoutMs is ${option}`;
    throw new ConfigError(`${where}; the per-call timeout is a positive number of milliseconds`, {
      hint: 'for example BURGEE_MCP_TIMEOUT_MS=120000 allows two minutes per call',
    });
  }
  // Timers cannot wait longer than about 24.8 days; a longer limit means none in practice.
  return Math.min(value, 2_147_483_647);
}

const toStderr = originalWrite(process.stderr);

/** Writes a server fault on stderr, past any capture. */
export function report(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  toStderr(`burgee mcp: ${message}\n`);
}

/** Diverts stray stdout writes and keeps stray faults from ending the process; returns the undo. */
function takeOverProcess(): () => void {
  const restoreStdout = divertUncapturedStdout();
  const unguard = guardStdout({ fs, childProcess, syncBuiltinESMExports });
  const restoreFaults = reportStrayFaults();
  return () => {
    restoreFaults();
    unguard();
    restoreStdout();
  };
}

/**
 * Reports a fault no call answers for (one outside every call, or after its call was answered) on
 * stderr instead of ending the server (M6); returns the undo. One raised while a call runs fails
 * that call instead (tool-call.ts).
 */
export function reportStrayFaults(): () => void {
  // A handler's forgotten promise or late timer must not take every other call down with it.
  return onUnclaimedFaults(report);
}
