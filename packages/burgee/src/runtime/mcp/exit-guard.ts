import { isExitGuarded, type OutputSinks, withScope } from '../capture.js';

/** What `process.exit` throws inside a tool call: the runtime classifies it as a runtime failure (M6). */
export class ProcessExitSignal extends Error {
  override readonly name = 'ProcessExit';
  constructor(readonly exitCode: unknown) {
    const call = exitCode === undefined ? 'process.exit()' : `process.exit(${String(exitCode)})`;
    super(`the command called ${call}, which would stop the MCP server; return a value, throw, or call ctx.exit(code)`);
  }
}

let installed = false;

/**
 * Runs `fn` as a tool call: inside it (and everything it schedules), `process.exit` throws a
 * `ProcessExitSignal` instead of ending the server that serves every other call. Given `sinks`,
 * the call's output is captured there too, in the same step.
 */
export function runGuarded<T>(fn: () => T, sinks?: OutputSinks): T {
  install();
  return withScope(sinks === undefined ? { exitGuarded: true } : { sinks, exitGuarded: true }, fn);
}

// Installed once and left in place: outside a call it is the original, so nothing else changes.
function install(): void {
  if (installed) return;
  installed = true;
  const original = process.exit;
  process.exit = function guardedExit(code?: number | string | null): never {
    if (isExitGuarded()) throw new ProcessExitSignal(code);
    return original.call(process, code);
  } as typeof process.exit;
}
