#!/usr/bin/env node
// Start-up cost of burgee's adapters on a run that uses none of burgee's surfaces: the same program
// on commander and on burgee/commander (and on yargs and burgee/yargs), as whole processes, run
// alternately with bare node so drift in machine load hits all five alike. See bench/README.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, timeAlternating } from './measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 30);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);

// Only these reach the children (bench/README.md says why).
const args = ['deploy', 'prod', '--region', 'us'];
const printed = 'deploying prod to us\n';
const file = (name) => `${root}bench/adapters/${name}.mjs`;

// Each pair must be one program with one import changed, or the comparison means nothing.
for (const [host, adapted, from, to] of [
  ['commander-host', 'commander-burgee', "from 'commander'", "from 'burgee/commander'"],
  ['yargs-host', 'yargs-burgee', "import yargs from 'yargs'", "import yargs from 'burgee/yargs'"],
]) {
  if (readFileSync(file(host), 'utf8').replace(from, to) !== readFileSync(file(adapted), 'utf8'))
    throw new Error(`${adapted}.mjs must be ${host}.mjs with one import changed`);
}

const programs = [
  { name: 'node -e ""', argv: ['-e', ''], stdout: '' },
  { name: 'commander', argv: [file('commander-host'), ...args], stdout: printed },
  { name: 'burgee/commander', argv: [file('commander-burgee'), ...args], stdout: printed },
  { name: 'yargs', argv: [file('yargs-host'), ...args], stdout: printed },
  { name: 'burgee/yargs', argv: [file('yargs-burgee'), ...args], stdout: printed },
];

const samples = timeAlternating(programs, rounds, root);

// Per-round differences, so one slow round does not count twice.
const over = (i, base) => median(samples[i].map((ms, round) => ms - samples[base][round]));
console.log(`node ${process.version}, ${rounds} rounds, args: ${args.join(' ')} (no burgee surface used)\n`);
console.log(`${'program'.padEnd(18)}${'median ms'.padStart(10)}${'over node ms'.padStart(14)}`);
for (const [i, program] of programs.entries()) {
  const extra = i === 0 ? '—' : over(i, 0).toFixed(1);
  console.log(`${program.name.padEnd(18)}${median(samples[i]).toFixed(1).padStart(10)}${extra.padStart(14)}`);
}
console.log('');
for (const [host, adapted, name] of [
  [1, 2, 'commander'],
  [3, 4, 'yargs'],
]) {
  const own = over(host, 0);
  const added = over(adapted, host);
  const share = added / own;
  console.log(
    `burgee/${name} adds ${added.toFixed(1)} ms to ${name}'s own ${own.toFixed(1)} ms over node: ${(share * 100).toFixed(1)}% — target ≤ 10%: ${share <= 0.1 ? 'met' : 'not met'}`,
  );
}
