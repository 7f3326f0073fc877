#!/usr/bin/env node
// Cold start of the same `deploy` program, as whole processes: bare node, burgee, and by hand on
// commander, yargs and citty. Runs alternate A B C D E A B C D E … so drift in machine load hits
// them all alike. See bench/README.md.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, timeAlternating } from './measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 100);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);

const args = ['deploy', '--target', 'prod', '--yes', '--json'];
const expected = `${JSON.stringify({
  ok: true,
  data: { target: 'prod', agent: null },
  meta: {
    provenance: { target: { source: 'flag', location: '--target' }, yes: { source: 'flag', location: '--yes' } },
  },
})}\n`;

const programs = [
  { name: 'node -e ""', argv: ['-e', ''], stdout: '' },
  { name: 'burgee', argv: [`${root}examples/deploy/cli.mjs`, ...args], stdout: expected },
  { name: 'commander', argv: [`${root}bench/deploy-commander.mjs`, ...args], stdout: expected },
  { name: 'yargs', argv: [`${root}bench/deploy-yargs.mjs`, ...args], stdout: expected },
  { name: 'citty', argv: [`${root}bench/deploy-citty.mjs`, ...args], stdout: expected },
];

const samples = timeAlternating(programs, rounds, root);

const [bare, ...rest] = samples;
const overhead = rest.map((xs) => median(xs.map((ms, round) => ms - bare[round])));
const row = (name, ms, extra) => `${name.padEnd(12)}${ms.padStart(10)}${extra.padStart(13)}`;
const [burgee, ...peers] = overhead;
console.log(`node ${process.version}, ${rounds} rounds, args: ${args.join(' ')}\n`);
console.log(row('program', 'median ms', 'overhead ms'));
console.log(row(programs[0].name, median(bare).toFixed(1), '—'));
for (const [i, xs] of rest.entries())
  console.log(row(programs[i + 1].name, median(xs).toFixed(1), overhead[i].toFixed(1)));
console.log('');
for (const [i, peer] of peers.entries()) {
  console.log(`burgee overhead / ${programs[i + 2].name} overhead: ${(burgee / peer).toFixed(2)}`);
}
const commander = peers[0];
console.log(`target: burgee overhead ≤ commander overhead — ${burgee <= commander ? 'met' : 'not met'}`);
