import { ProcessExitSignal } from '../errors/errors.js';
import { type FaultSink, isExitGuarded, type OutputSinks, withScope } from './capture.js';

let installed = false;

/**
 * Runs `fn` as a run that must not end the process: inside it (and everything it schedules),
 * `process.exit` throws a `ProcessExitSignal` instead, which the run reports as its failure (E7,
 * M6). Given `sinks`, the run's output is captured there too, and given `fault`, the errors that
 * escape it asynchronously go there: all in the same step.
 */
export function runGuarded<T>(fn: () => T, sinks?: OutputSinks, fault?: FaultSink): T {
  install();
  return withScope(
    { exitGuarded: true, ...(sinks === undefined ? {} : { sinks }), ...(fault === undefined ? {} : { fault }) },
    fn,
  );
}

// Installed once and left in place: outside a guarded run it is the original, so nothing else changes.
function install(): void {
  if (installed) return;
  installed = true;
  const original = process.exit;
  process.exit = function guardedExit(code?: number | string | null): never {
    if (isExitGuarded()) throw new ProcessExitSignal(code);
    return original.call(process, code);
  } as typeof process.exit;
}
