import { Worker } from 'node:worker_threads';
import type { CheckReport } from '../check/types.js';
import { originalWrite } from '../process/capture.js';
import type { FullSchemaDocument } from '../projections/schema/types.js';

/** What a load worker is asked: the entry (a real path), where it lives, and what to give back. */
export type LoadRequest = {
  readonly entry: string;
  readonly root: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  /** The files a syntax error is looked for in (the entry, or what changed since the last good load). */
  readonly suspects: readonly string[];
  /** `check` and `schema` give the command's result; `probe` only whether the entry loads. */
  readonly want: 'check' | 'schema' | 'probe';
};

/** A worker's one answer: the result asked for, or why the entry did not load. */
export type LoadReply =
  | { readonly ok: true; readonly foreign: boolean; readonly check?: CheckReport; readonly schema?: FullSchemaDocument }
  | { readonly ok: false; readonly reason: string; readonly hint?: string | undefined };

// The worker abandons a load that waits on its own, with a more precise reason; this is for one
// whose thread never gets back to its event loop to do so.
const GRACE_MS = 1_000;
// How long the thread may take to start and reach the import, on top of the load's own time.
const STARTUP_MS = 10_000;

const TIMEOUT_HINT = 'give a slow entry more time with --load-timeout or BURGEE_DEV_LOAD_TIMEOUT_MS';

/**
 * Loads an entry in a worker thread and returns its answer (X1, M8). Whatever the entry does at
 * import, this thread stays free: a loop that never yields is stopped once the load's time is up
 * (terminating a worker interrupts running JavaScript), and an import that waits on a promise
 * nothing can resolve is told apart from a slow one, since its thread runs out of work.
 */
export function loadInWorker(request: LoadRequest): Promise<LoadReply> {
  return new Promise((resolve) => {
    // dist/cli-load.js, beside the bin's bundle; this module is bundled into dist/ or dist/chunks/.
    const file = new URL(import.meta.url.includes('/chunks/') ? '../cli-load.js' : './cli-load.js', import.meta.url);
    // Its stdout is read here and sent to stderr, as the entry's output always is under check and diff.
    // No execArgv: by default a worker starts with this process's flags (--experimental-strip-types,
    // --import <loader>), which an entry in TypeScript may need; a list given here would be checked
    // and could refuse flags the process accepted.
    const worker = new Worker(file, { workerData: request, stdout: true });
    const toStderr = originalWrite(process.stderr);
    worker.stdout.on('data', (chunk: Buffer) => toStderr(chunk));
    let settled = false;
    const settle = (reply: LoadReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(reply);
      // An entry may leave a server or a timer running; its job is done once it has answered.
      void worker.terminate();
    };
    const stop = () =>
      settle({
        ok: false,
        reason: `its import was still running after ${request.timeoutMs} ms and was stopped (a loop that never yields?)`,
        hint: TIMEOUT_HINT,
      });
    // The load's time counts from the import, not from the thread's start: on a busy machine
    // starting a thread and loading burgee into it can take longer than the grace itself.
    let timer = setTimeout(stop, request.timeoutMs + STARTUP_MS);
    worker.on('message', (message: LoadReply | 'importing') => {
      if (message !== 'importing') return settle(message);
      clearTimeout(timer);
      timer = setTimeout(stop, request.timeoutMs + GRACE_MS);
    });
    worker.on('error', (error) => settle({ ok: false, reason: error.message }));
    worker.on('exit', (code) =>
      settle({
        ok: false,
        reason:
          code === 0
            ? 'its import never settled: it awaits a promise that nothing left running can resolve'
            : `its import ended the thread loading it (exit code ${code})`,
        hint: code === 0 ? 'make every top-level await of the entry resolve or reject' : undefined,
      }),
    );
  });
}
