// What every benchmark shares: the stripped environment its children run in, the median, and the
// alternating whole-process timing of the start-up benchmarks. See bench/README.md.
import { spawnSync } from 'node:child_process';

/**
 * Only these reach the children: NODE_EXTRA_CA_CERTS, NODE_OPTIONS or an agent variable would
 * change what is measured (the first alone adds ~60 ms to every Node start on this machine).
 */
export const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', LANG: process.env.LANG ?? 'C.UTF-8' };

/** The median of a list of numbers. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One run's wall time in ms; throws unless it exited 0 printing exactly `program.stdout` and nothing on stderr. */
function time(program, cwd) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, program.argv, { env, cwd, encoding: 'utf8', stdio: 'pipe' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error || result.status !== 0 || result.stdout !== program.stdout || result.stderr !== '') {
    const detail = result.error?.message ?? `exit ${result.status ?? result.signal}`;
    throw new Error(`${program.name} misbehaved (${detail})\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  }
  return ms;
}

/**
 * Times each program `rounds` times, alternating A B C A B C … so drift in machine load hits them
 * all alike, after one uncounted run of each to warm the file cache. Returns the samples per program.
 */
export function timeAlternating(programs, rounds, cwd) {
  for (const program of programs) time(program, cwd);
  const samples = programs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, program] of programs.entries()) samples[i].push(time(program, cwd));
  }
  return samples;
}
