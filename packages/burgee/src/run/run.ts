import { programOf } from '../declaration/program-of.js';
import type { Command, Program } from '../declaration/types.js';
import { BurgeeError } from '../errors/errors.js';
import { ExitCode } from '../manifest/exit-codes.js';
import { writeResult } from '../pipeline/report.js';
import { originalWrite, runHost } from '../process/capture.js';
import { processIo } from '../process/io.js';
import { endingSignals, onOutputFaults, strayErrors } from '../process/process-guards.js';
import { isBuilt, type StdName, watchStreams } from '../process/std-streams.js';
import { WORKER_VARIABLE } from '../tasks/settings.js';
import { execute } from './execute.js';

/**
 * Runs a program (or a single command) as this process: reads argv and env, writes the result,
 * and exits with the contract's code. The one place burgee ends the process. When a host is
 * installed (`burgee dev`) it hands the program over and settles at once.
 */
/** Settings of `run`. */
export type RunOptions = {
  /** The words to run, instead of the process's own (`process.argv` after the script). */
  argv?: readonly string[];
};

export async function run(target: Program | Command, options: RunOptions = {}): Promise<never> {
  watchStreams();
  const program = programOrExit(target);
  const host = runHost();
  if (host !== undefined) {
    host.take(program);
    return undefined as never;
  }
  const { io, stop, onExit, signals } = processRun(options);
  let code: number;
  try {
    const task = process.env[WORKER_VARIABLE];
    if (task === undefined) {
      const result = await execute(program, io, { onExit });
      writeResult(io, result);
      code = result.exitCode;
    } else {
      // A detached task's worker (B3): it keeps its result in the task's record and prints nothing.
      const { work } = await import('../tasks/worker.js');
      code = await work(program, io, task, { execute, onExit, abort: stop.abort });
    }
  } catch (error) {
    // execute() reports every failure itself; reaching here is burgee's own bug, and still not silent.
    originalWrite(process.stderr)(`error: burgee failed: ${error instanceof Error ? error.message : String(error)}\n`);
    code = ExitCode.RUNTIME;
  }
  stop.cleanup();
  signals.release();
  await flush();
  process.exit(code);
}

/**
 * The run's side of the process: its io, its way of stopping, where `ctx.onExit` cleanups go, and
 * its hold on the ending signals, taken only once something answers them (process-guards.ts).
 */
function processRun(options: RunOptions) {
  const controller = new AbortController();
  const cleanups: (() => void)[] = [];
  const stop = {
    abort: (reason: Error) => controller.abort(reason),
    cleanup: () => {
      for (const cleanup of cleanups.splice(0).reverse()) {
        try {
          cleanup();
        } catch {
          // A failing cleanup must not stop the others, nor the exit.
        }
      }
    },
  };
  const signals = endingSignals(stop);
  onOutputFaults(stop);
  const faults = strayErrors();
  const stalled = Promise.race([whenStalled(), faults]);
  stalled.catch(() => {});
  const base = processIo();
  const { terminal } = base;
  const armed =
    <T>(get: () => T) =>
    (): T => {
      signals.arm();
      return get();
    };
  const io = {
    ...base,
    signal: armed(() => controller.signal),
    terminal: terminal === undefined ? undefined : armed(terminal),
    stalled,
    faults,
    releaseSignals: signals.release,
    ...(options.argv === undefined ? {} : { argv: options.argv }),
  };
  const onExit = (cleanup: () => void) => {
    signals.arm();
    cleanups.push(cleanup);
  };
  return { io, stop, onExit, signals };
}

/** The program run() was handed; anything else is the author's slip, said in one line and exit 1. */
function programOrExit(target: unknown): Program {
  try {
    return programOf(target, 'run');
  } catch (error) {
    // Under `burgee dev` the entry's import fails and dev reports it; a process of its own says it and ends.
    if (runHost() !== undefined) throw error;
    originalWrite(process.stderr)(`error: ${(error as Error).message}\n`);
    process.exit(ExitCode.RUNTIME);
  }
}

/**
 * A handler whose promise waits on nothing would otherwise end the process with Node's own
 * warning and exit 13; the run fails cleanly instead (N3).
 */
function whenStalled(): Promise<never> {
  const stalled = new Promise<never>((_, reject) => {
    process.once('beforeExit', () => {
      reject(
        new BurgeeError(
          ExitCode.RUNTIME,
          'the command never finished: its handler waits on a promise that can no longer settle',
          {
            hint: 'make sure every promise the handler awaits resolves or rejects',
          },
        ),
      );
    });
  });
  stalled.catch(() => {});
  return stalled;
}

/**
 * Waits until what was written to stdout and stderr has left the process. One turn of the event
 * loop first: a failed write reports its error a few ticks later, and it must decide the exit code.
 */
async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  // A stream nothing built has nothing to drain: burgee's own writes to its descriptor are done.
  const drain = (name: StdName) =>
    new Promise<void>((resolve) => {
      if (!isBuilt(name) || process[name].writableLength === 0) resolve();
      else process[name].write('', () => resolve());
    });
  await Promise.all([drain('stdout'), drain('stderr')]);
}
