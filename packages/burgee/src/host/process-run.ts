/**
 * A run of a command whose work the program does itself after its parse (a root without an action:
 * figlet, concurrently), for a surface that runs it in-process (an MCP call, `--json` through
 * `parseAsync`): the program runs again as a child with the call's words, and how it ended is the
 * envelope (F4). What it prints goes where a handler's output goes: stderr under an envelope (E3),
 * so an MCP call returns it beside the envelope.
 */
import { spawn } from 'node:child_process';
import { ExitCode } from '../manifest/exit-codes.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { type ChildEnd, endMessage, exitCodeOf } from './whole-process.js';

/** Runs `script` with `argv` under this Node (and its flags), stdin closed, until it ends or the run's signal aborts. */
export async function runAsProcess(
  io: Io,
  report: Reporter,
  program: { name: string; script: string | undefined },
  argv: readonly string[],
): Promise<RunResult> {
  if (program.script === undefined) {
    return report.failure({
      code: ExitCode.RUNTIME,
      message: `${program.name} does its work after its parse, and burgee cannot tell which script to run again for it`,
    });
  }
  const child = spawn(process.execPath, [...process.execArgv, program.script, ...argv], {
    cwd: io.cwd,
    env: io.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = report.json ? io.stderr : io.stdout;
  child.stdout.on('data', (chunk: Buffer) => out.write(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString('utf8')));
  const signal = io.signal?.();
  const stop = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', stop, { once: true });
  const ended = await new Promise<ChildEnd>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('close', (code, killed) => resolve({ code, signal: killed }));
  });
  signal?.removeEventListener('abort', stop);
  if (ended.code === 0) return report.envelope(toSuccessEnvelope(null, {}));
  const message = endMessage(program.name, ended);
  return report.failure({ code: exitCodeOf(ended), message, hint: `what ${program.name} printed is on stderr` });
}
