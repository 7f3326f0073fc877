/**
 * `--json` for a run whose work the program does itself after a synchronous parse (no action of
 * the library's reaches it: a yargs root without commands read as `parse()._`, commander's
 * `program.opts()` after `program.parse()`). Only the program's own code knows that work, so the
 * run is the program's whole process: it runs again, as a child, without `--json`, and its envelope
 * says how it ended: its exit code, with what it printed on stderr (F4). This module is part of the
 * adapters' entries (scripts/bundle.mjs): it loads nothing else of burgee.
 */
import { spawnSync } from 'node:child_process';
import { writeSync } from 'node:fs';

/**
 * Runs this process's program again without the `--json` at `jsonAt` (indexes into `process.argv`),
 * its stdout on this stderr (E3), then writes the one envelope and exits with the child's code; the
 * code after the program's parse() never runs here. Undefined when this process's argv is not the
 * program's (it parsed words of its own making), which only the in-process run can serve.
 */
export function runWholeProcess(name: string, args: readonly string[], jsonAt: readonly number[]): undefined {
  const script = process.argv[1];
  const offset = process.argv.length - args.length;
  if (script === undefined || offset < 1 || args.some((word, i) => process.argv[offset + i] !== word)) return undefined;
  const argv = process.argv.slice(2).filter((_, i) => !jsonAt.includes(i + 2 - offset));
  const child = spawnSync(process.execPath, [...process.execArgv, script, ...argv], {
    stdio: ['inherit', 2, 'inherit'],
    env: process.env,
  });
  const code = exitCodeOf(child);
  try {
    writeSync(1, `${JSON.stringify(envelopeOf(name, code, child.signal, child.error))}\n`);
  } catch (error) {
    // A reader that closed the pipe early ends the run quietly; any other failed write is said (E10).
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
      writeSync(2, `error: the envelope could not be written to stdout: ${(error as Error).message}\n`);
      process.exit(1);
    }
  }
  process.exit(code);
}

/** The child's exit code, or the shell's for the signal it died of (130 for SIGINT, E9). */
function exitCodeOf(child: ReturnType<typeof spawnSync>): number {
  if (child.status !== null) return child.status;
  const signals: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  return child.signal === null ? 1 : (signals[child.signal] ?? 1);
}

function envelopeOf(name: string, code: number, signal: NodeJS.Signals | null, error: Error | undefined) {
  if (code === 0) return { ok: true, data: null, meta: { provenance: {} } };
  const message =
    error !== undefined
      ? `${name} could not be started again for its run: ${error.message}`
      : signal !== null
        ? `${name} was stopped by ${signal}`
        : `${name} exited with code ${code}`;
  return { ok: false, error: { code, message, hint: `what ${name} printed is on stderr` } };
}
