import { BurgeeError } from '../errors/errors.js';
import type { Manifest } from '../manifest/types.js';
import { Reporter, type RunResult } from '../pipeline/report.js';
import type { OutputSinks } from '../process/capture.js';
import { runGuarded } from '../process/exit-guard.js';
import type { Io } from '../process/io.js';
import { ownStdoutForEnvelope } from '../process/stdout-guard.js';
import type { HostRunOptions } from './host.js';
import { shadowedOn } from './parses-itself.js';
import { findSurfaces, type HostReading } from './surfaces.js';

/** A run's hold on the host's objects, which it may give up before it ends (once they are no longer in use). */
export type Turn = { release(): void };

/**
 * Runs one call at a time, in the order they came: a host library keeps a run's state on its own
 * objects (commander on its commands, yargs on its instance), so two runs must never use them at
 * once. The next run starts when this one releases its turn, at the latest when it settles, which a
 * run abandoned by its caller (an MCP call past its timeout) does at once (M6).
 */
export function oneAtATime(
  run: (io: Io, turn: Turn, options: HostRunOptions) => Promise<RunResult>,
): (io: Io, options?: HostRunOptions) => Promise<RunResult> {
  let queue: Promise<void> = Promise.resolve();
  return (io, options = {}) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = queue;
    queue = released;
    return previous.then(() => {
      const running = run(io, { release }, options);
      running.then(release, release);
      return running;
    });
  };
}

/** How a host run starts, read from argv: the words the host parses, without burgee's own. */
export type HostLine = {
  /** The envelope was asked for (`--json`). */
  json: boolean;
  /** The option `--explain` names, when it was given (P5). */
  explain: string | undefined;
  /** What the host parses: argv without the `--json` and `--explain <option>` burgee took. */
  argv: string[];
  report: Reporter;
};

/**
 * Reads burgee's words out of a host run's argv: those the host would not take as values
 * (`reading`, findSurfaces), and that the command reached does not declare itself (F3). A run whose
 * surface wants an envelope (an MCP call) is a `--json` run without the flag.
 */
export function startHostRun(
  manifest: Manifest,
  io: Io,
  reading: HostReading = {},
  options: HostRunOptions = {},
): HostLine {
  const words = findSurfaces(io.argv, shadowedOn(manifest, reading, io.argv), reading.valuesOf);
  const taken = new Set<number>();
  let explain: string | undefined;
  for (const { flag, at } of words) {
    if (flag === '--json') taken.add(at);
    if (flag !== '--explain') continue;
    taken.add(at).add(at + 1);
    explain ??= io.argv[at + 1] ?? '';
  }
  const json = options.envelope === true || words.some((word) => word.flag === '--json');
  const argv = io.argv.filter((_, at) => !taken.has(at));
  return { json, explain, argv, report: new Reporter(io, manifest, json) };
}

/**
 * Runs the host's part of one run (its parse and the action it calls) as a native handler runs:
 * output to the run's sinks, `process.exit` guarded, stdout owned by the envelope under `--json` in
 * the real process (E3, N2). It ends, whichever comes first, when the work settles; when an error
 * escapes the action asynchronously or the event loop drains around a promise that can no longer
 * settle (`io.stalled`: the run fails, E10, N3); or when the run's signal aborts (an MCP call
 * cancelled or past its timeout: the caller has answered already, and the host is free again, M6).
 * A `--json` run in the program's own process lasts as the program would (untilProgramEnds).
 */
export async function hostWork<T>(
  io: Io,
  json: boolean,
  sinks: OutputSinks,
  work: () => Promise<T>,
  name: string,
): Promise<T> {
  const whole = json && io.isRealProcess === true;
  if (whole) await ownStdoutForEnvelope();
  const before = process.exitCode;
  const running = runGuarded(work, sinks);
  const racers: Promise<T>[] = [running.then(afterOneTurn)];
  if (io.stalled !== undefined) racers.push(io.stalled);
  const signal = io.signal?.();
  if (signal !== undefined) racers.push(whenAborted(signal));
  const value = await Promise.race(racers);
  if (whole) await untilProgramEnds(io);
  const code = Number(process.exitCode ?? 0);
  // A call served in a process of its own (MCP) leaves that process's exit code as it found it.
  if (!whole) process.exitCode = before;
  const set = whole || code !== Number(before ?? 0);
  if (set && code !== 0 && Number.isInteger(code)) throw exitedWith(code, name);
  return value;
}

/**
 * A program's work may go on after its action returns (webpack compiles on a callback, c8 sets its
 * exit code once its report is written), and without burgee the process would end only when that
 * work does. So a `--json` run in the program's own process ends then too: when the event loop has
 * drained; an error that escapes that work fails the run (E10).
 */
async function untilProgramEnds(io: Io): Promise<void> {
  const drained = new Promise<void>((resolve) => process.once('beforeExit', () => resolve()));
  await (io.faults === undefined ? drained : Promise.race([drained, io.faults]));
}

/** The run's failure when the program set an exit code other than 0 (`process.exitCode`), as its process would end. */
const exitedWith = (code: number, name: string): BurgeeError =>
  new BurgeeError(code, `${name} exited with code ${code}`, { hint: `what ${name} printed is on stderr` });

/**
 * One more turn of the event loop before a result counts: a rejection the action left unhandled is
 * reported only after the microtasks drain, and it fails the run (E10).
 */
const afterOneTurn = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(resolve, value));

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
