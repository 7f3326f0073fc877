#!/usr/bin/env node
// Cold start of the same `deploy` program, as whole processes, on four paths (its help, the command,
// the command with --json, a usage error) and on Node 22, 24 and 26: bare node, burgee, and by hand on
// commander, citty and cac. Every round runs every Node × path × program once, in the same order
// (A B C D E A B C D E …), so drift in machine load hits them all alike. See bench/README.md.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, nodesOf, quantile, time, versionOf } from './measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' }, nodes: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 100);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);
const TARGET = 0.75;

const run = ['deploy', '--target', 'prod', '--yes'];
const envelope = `${JSON.stringify({
  ok: true,
  data: { target: 'prod', agent: null },
  meta: {
    provenance: { target: { source: 'flag', location: '--target' }, yes: { source: 'flag', location: '--yes' } },
  },
})}\n`;
const fault = (ok, what) => (ok ? undefined : what);
/** Each path a person or an agent types first; `check` returns what is wrong with a run, if anything. */
const paths = [
  {
    name: 'help',
    args: ['--help'],
    check: (r) => fault(r.status === 0 && r.stdout.includes('deploy') && r.stderr === '', 'no help on stdout'),
  },
  {
    name: 'command',
    args: run,
    check: (r) => fault(r.status === 0 && r.stdout.startsWith('target: prod\nagent:') && r.stderr === '', 'no result'),
  },
  {
    name: '--json',
    args: [...run, '--json'],
    check: (r) => fault(r.status === 0 && r.stdout === envelope && r.stderr === '', 'not the exact envelope'),
  },
  {
    // Each framework's own usage error for a mistyped flag: exit ≠ 0 and stderr naming the flag
    // typed or wanted (citty prints its usage on stdout, the others on stderr or not at all).
    name: 'error',
    args: ['deploy', '--targt', 'prod'],
    check: (r) => fault(r.status > 0 && /--targe?t\b/.test(r.stderr), 'no usage error on stderr'),
  },
];
const frameworks = [
  { name: 'burgee', file: 'examples/deploy/cli.mjs' },
  { name: 'commander', file: 'bench/deploy-commander.mjs' },
  { name: 'citty', file: 'bench/deploy-citty.mjs' },
  { name: 'cac', file: 'bench/deploy-cac.mjs' },
];

const nodes = nodesOf(root, values.nodes);
/** One cell per Node × path × program; program 0 of each path is bare node. */
const cells = nodes.flatMap((node) =>
  paths.map((path) => ({
    node,
    path,
    programs: [
      { name: 'node', node, argv: ['-e', ''], stdout: '' },
      ...frameworks.map((f) => ({ name: f.name, node, argv: [`${root}${f.file}`, ...path.args], check: path.check })),
    ],
  })),
);

for (const cell of cells) for (const program of cell.programs) time(program, root); // warm the file cache; not counted
const samples = cells.map((cell) => cell.programs.map(() => []));
for (let round = 0; round < rounds; round++) {
  for (const [c, cell] of cells.entries()) {
    for (const [p, program] of cell.programs.entries()) samples[c][p].push(time(program, root));
  }
}

const pad = (cells, widths) =>
  cells.map((text, i) => (i === 0 ? text.padEnd(widths[0]) : text.padStart(widths[i]))).join('');
const names = frameworks.map((f) => f.name);
// The ratio columns leave commander's own out (always 1).
const others = names.filter((name) => name !== 'commander');
const widths = [9, 9, ...names.map(() => 11), ...others.map(() => 18)];
const misses = [];
for (const node of nodes) {
  console.log(
    `\nnode ${versionOf(node)}, ${rounds} rounds; \`node -e ""\` median and each program's overhead over it, ms`,
  );
  console.log('(overhead: median of per-round differences; ratio: overhead / commander overhead)\n');
  console.log(pad(['path', 'node ms', ...names, ...others.map((n) => `${n}/commander`)], widths));
  for (const [c, cell] of cells.entries()) {
    if (cell.node !== node) continue;
    const [bare, ...rest] = samples[c];
    const overhead = rest.map((xs) => median(xs.map((ms, round) => ms - bare[round])));
    const ratios = overhead.map((ms) => ms / overhead[1]);
    if (!(ratios[0] <= TARGET)) misses.push(`${cell.path.name} on ${versionOf(node)}: ${ratios[0].toFixed(2)}`);
    const ms = overhead.map((x) => x.toFixed(1));
    const shown = ratios.filter((_, i) => names[i] !== 'commander').map((r) => r.toFixed(2));
    console.log(pad([cell.path.name, median(bare).toFixed(1), ...ms, ...shown], widths));
  }
  const spread = cells
    .map((cell, c) => [cell, samples[c]])
    .filter(([cell]) => cell.node === node)
    .map(([cell, [bare, ours]]) => {
      const diffs = ours.map((ms, round) => ms - bare[round]);
      return `${cell.path.name} ${quantile(diffs, 0.25).toFixed(1)}–${quantile(diffs, 0.75).toFixed(1)}`;
    });
  console.log(`\nburgee overhead, quartiles of per-round differences (ms): ${spread.join(', ')}`);
}
const verdict = misses.length === 0 ? 'met' : `not met (${misses.join('; ')})`;
console.log(`\ntarget: every burgee path ≤ ${TARGET} × commander's overhead, on every Node — ${verdict}`);
