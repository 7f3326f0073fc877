import type { Manifest } from '../../manifest/types.js';
import type { Io } from '../io.js';
import { Reporter, type RunResult } from '../report.js';
import { findSurface } from './surfaces.js';

/**
 * Runs one call at a time, in the order they came: a host library keeps a run's state on its own
 * objects (commander on its commands, yargs on its instance), so two runs must never overlap.
 */
export function oneAtATime(run: (io: Io) => Promise<RunResult>): (io: Io) => Promise<RunResult> {
  let queue: Promise<unknown> = Promise.resolve();
  return (io) => {
    const next = queue.then(() => run(io));
    queue = next.catch(() => {});
    return next;
  };
}

/** How a host run starts: whether the envelope was asked for, the words the host parses without that `--json`, the reporter. */
export function startHostRun(manifest: Manifest, io: Io): { json: boolean; argv: string[]; report: Reporter } {
  const json = findSurface(io.argv, (flag) => manifest.shadows?.includes(flag) === true) === '--json';
  const argv = json ? withoutFirst(io.argv, '--json') : [...io.argv];
  return { json, argv, report: new Reporter(io, manifest, json) };
}

function withoutFirst(argv: readonly string[], word: string): string[] {
  const at = argv.indexOf(word);
  return at === -1 ? [...argv] : [...argv.slice(0, at), ...argv.slice(at + 1)];
}
