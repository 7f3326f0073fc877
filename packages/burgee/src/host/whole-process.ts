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
 * code after the program's parse() never runs here. The words parsed may be a part of this process's
 * argv (c8 parses the words before the command it measures): `jsonAt` is found there. Undefined when
 * they are not in its argv (words of the program's own making), which only the in-process run can serve.
 */
export function runWholeProcess(name: string, args: readonly string[], jsonAt: readonly number[]): undefined {
  const script = process.argv[1];
  const offset = offsetIn(process.argv, args);
  if (script === undefined || offset === undefined) return undefined;
  const taken = new Set(jsonAt.map((at) => offset + at));
  const argv = process.argv.filter((_, i) => i >= 2 && !taken.has(i));
  const child = spawnSync(process.execPath, [...process.execArgv, script, ...argv], {
    stdio: ['inherit', 2, 'inherit'],
    env: process.env,
  });
  const ended: ChildEnd = { code: child.status, signal: child.signal, error: child.error };
  const code = exitCodeOf(ended);
  const envelope =
    code === 0
      ? { ok: true, data: null, meta: { provenance: {} } }
      : { ok: false, error: { code, message: endMessage(name, ended), hint: `what ${name} printed is on stderr` } };
  try {
    writeSync(1, `${JSON.stringify(envelope)}\n`);
  } catch (error) {
    // A reader that closed the pipe early ends the run quietly; any other failed write is said (E10).
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
      writeSync(2, `error: the envelope could not be written to stdout: ${(error as Error).message}\n`);
      process.exit(1);
    }
  }
  process.exit(code);
}

/** Where `args` stands in `argv` as a run of words after the script's, the last such place if several. */
function offsetIn(argv: readonly string[], args: readonly string[]): number | undefined {
  for (let offset = argv.length - args.length; offset >= 2; offset--) {
    if (args.every((word, i) => argv[offset + i] === word)) return offset;
  }
  return undefined;
}

/** How a run of the program as a child ended (spawnSync's fields, or spawn's close and error). */
export type ChildEnd = { code: number | null; signal: NodeJS.Signals | null; error?: Error | undefined };

/** The child's exit code, or the shell's for the signal it died of (130 for SIGINT, E9). */
export function exitCodeOf(ended: ChildEnd): number {
  if (ended.code !== null) return ended.code;
  const signals: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  return ended.signal === null ? 1 : (signals[ended.signal] ?? 1);
}

/** Why a run that did not succeed ended, naming the program. */
export function endMessage(name: string, ended: ChildEnd): string {
  if (ended.error !== undefined) return `${name} could not be started again for its run: ${ended.error.message}`;
  if (ended.signal !== null) return `${name} was stopped by ${ended.signal}`;
  return `${name} exited with code ${exitCodeOf(ended)}`;
}
