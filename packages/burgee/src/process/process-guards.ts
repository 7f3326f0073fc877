import { currentFaultSink, originalWrite } from './capture.js';
import { type DescriptorFault, onDescriptorFault, whenBuilt } from './std-streams.js';

/** The signals that end a run the way E9 describes, with the exit status a shell reports for each. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** What the process guards call back into: the run's own way of stopping. */
export type RunStop = {
  /** Aborts `ctx.signal` with `reason`. */
  abort(reason: Error): void;
  /** Runs the `ctx.onExit` cleanups (each at most once). */
  cleanup(): void;
};

/** The run's hold on SIGINT, SIGTERM and SIGHUP: taken only when something would answer them. */
export type EndingSignals = {
  /** Takes the signals, once; a no-op after `release`. */
  arm(): void;
  /** Gives them back for good (a server that drains instead of dying, the run's end). */
  release(): void;
};

/**
 * SIGINT, SIGTERM and SIGHUP abort the handler's signal, run its cleanups, show the cursor again,
 * then end the process by that same signal so the parent sees why it ended (E9).
 *
 * Taken only once the run has something to do about them (the handler reads `ctx.signal`, adds an
 * `onExit` cleanup, or a prompt or progress line uses the terminal): a listener runs on the event
 * loop, so a handler busy in a loop that never yields would keep the process alive past every
 * signal. Left alone, the process dies of the signal at once, as plain Node does, and there was
 * nothing to clean up.
 */
export function endingSignals(stop: RunStop): EndingSignals {
  let state: 'idle' | 'armed' | 'released' = 'idle';
  const listeners = ENDING_SIGNALS.map((name) => {
    const listener = () => {
      stop.abort(new Error(name === 'SIGINT' ? 'interrupted' : `ended by ${name}`));
      stop.cleanup();
      // A prompt or progress bar may have hidden the cursor.
      if (process.stderr.isTTY) originalWrite(process.stderr)('\u001b[?25h');
      release();
      process.kill(process.pid, name);
    };
    return [name, listener] as const;
  });
  const release = () => {
    if (state === 'armed') for (const [name, listener] of listeners) process.off(name, listener);
    state = 'released';
  };
  return {
    arm() {
      if (state !== 'idle') return;
      state = 'armed';
      for (const [name, listener] of listeners) process.on(name, listener);
    },
    release,
  };
}

/**
 * A promise that rejects with the first error that escapes asynchronously (an unhandled rejection,
 * a throw in a timer) and that no run in its async context answers for: while a command runs, that
 * error is the command's failure rather than Node's stack trace (E10). The listener stays until the
 * process exits, so a late one is never printed either.
 */
export function strayErrors(): Promise<never> {
  let fail: (error: unknown) => void = () => {};
  const errors = new Promise<never>((_, reject) => {
    fail = reject;
  });
  errors.catch(() => {});
  onUnclaimedFaults((error) => fail(error));
  return errors;
}

const unclaimed = new Set<(error: unknown) => void>();
let holders = 0;

/**
 * Every stray error goes first to the run it escaped from (its async context's fault sink: an MCP
 * call, a module `burgee dev` loads), then, when that run no longer answers for it, to every
 * listener of the process; with none, it is written on stderr rather than lost.
 */
function dispatch(error: unknown): void {
  if (currentFaultSink()?.(error) === true) return;
  if (unclaimed.size === 0) {
    originalWrite(process.stderr)(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return;
  }
  for (const listener of unclaimed) listener(error);
}

/**
 * Keeps burgee's one pair of process listeners in place until the returned function is called:
 * while a run that answers for its stray errors is under way, they must not end the process.
 */
export function holdFaultListeners(): () => void {
  if (holders++ === 0) {
    process.on('uncaughtException', dispatch);
    process.on('unhandledRejection', dispatch);
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders > 0) return;
    process.off('uncaughtException', dispatch);
    process.off('unhandledRejection', dispatch);
  };
}

/** Hands `listener` every stray error that no run answers for, until the returned function is called. */
export function onUnclaimedFaults(listener: (error: unknown) => void): () => void {
  unclaimed.add(listener);
  const release = holdFaultListeners();
  return () => {
    unclaimed.delete(listener);
    release();
  };
}

/**
 * Failed writes to the process streams (E10): a reader that closed the pipe ends the run quietly;
 * any other failure on stdout ends it with exit 1 and one line on stderr. Without these listeners
 * Node would print its own stack trace, or lose the failure and exit 0.
 */
export function onOutputFaults(stop: RunStop): void {
  const failed: DescriptorFault = (name, error) => {
    // Nowhere is left to report a broken stderr; what stdout carries still stands.
    if (name === 'stderr') return;
    stop.cleanup();
    if (error.code === 'EPIPE') process.exit(0);
    originalWrite(process.stderr)(`error: cannot write the output: ${describeWriteError(error)}\n`);
    process.exit(1);
  };
  // The same handling whether the write went through a stream or straight to the descriptor.
  whenBuilt('stdout', (stream) => stream.on('error', (error: NodeJS.ErrnoException) => failed('stdout', error)));
  whenBuilt('stderr', (stream) => stream.on('error', () => {}));
  onDescriptorFault(failed);
}

function describeWriteError(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  return error.code === undefined ? error.message : `${error.message.split(',')[0]} (${error.code})`;
}
