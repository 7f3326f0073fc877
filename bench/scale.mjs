#!/usr/bin/env node
// burgee at scale: generated programs of 1,000 and 100 lazily loaded commands against the same program
// with 3, as whole processes: root `--help`, one command with `--json`, `--schema`, and MCP spawn →
// first `tools/list` answered. Each scenario alternates A B A B … (the large program, then the 3-command
// one) so drift in machine load hits both alike. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { env, median } from './measure.mjs';
import { commandPaths, writeProgram } from './scale-program.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 15);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);

for (const name of DEFAULT_INHERITED_ENV_VARS) if (!(name in env)) delete process.env[name];

const burgee = new URL('../packages/burgee/dist/index.js', import.meta.url).href;
const program = (n, style = 'loop', extra = {}) => {
  const paths = commandPaths(n);
  const file = writeProgram(join(root, '.bench', 'scale', `${n}-${style}`), n, { style, burgee, ...extra });
  const rootEntries = new Set(paths.map((path) => path[0])).size;
  return {
    name: `${n} commands${style === 'loop' ? '' : ` (${style} out)`}`,
    n,
    file,
    last: paths.at(-1),
    rootEntries,
  };
};
const small = program(3);
const large = [program(100), program(1000), program(1000, 'written')];

/** The four ways of starting a program, each checked so that a broken run cannot pass for a fast one. */
const scenarios = [
  {
    name: 'root --help',
    argv: () => ['--help'],
    check: (out, p) => out.includes('Commands:') && (p.rootEntries <= 50 || out.includes('help --all')),
  },
  {
    name: 'one command --json',
    argv: (p) => [...p.last, '--target', 'prod', '--json'],
    check: (out) => out === `${JSON.stringify(envelope)}\n`,
  },
  {
    name: '--schema',
    argv: () => ['--schema'],
    check: (out) => out.length <= 48_001 && JSON.parse(out).schemaVersion === 1,
  },
];
const envelope = {
  ok: true,
  data: { target: 'prod', count: 1 },
  meta: { provenance: { target: { source: 'flag', location: '--target' }, count: { source: 'default' } } },
};

const elapsed = (start) => Number(process.hrtime.bigint() - start) / 1e6;

function timeRun(p, scenario) {
  const argv = scenario.argv(p);
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [p.file, ...argv], { env, cwd: root, encoding: 'utf8' });
  const ms = elapsed(start);
  if (result.status !== 0 || result.stderr !== '' || !scenario.check(result.stdout, p)) {
    throw new Error(
      `${p.name} ${argv.join(' ')}: exit ${result.status}\n${result.stdout.slice(0, 400)}\n${result.stderr}`,
    );
  }
  return ms;
}

/** Spawn → `initialize` → first `tools/list` answered, with the official client; checks every command is reachable. */
async function timeMcp(p) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [p.file, '--mcp'], env, cwd: root });
  const client = new Client({ name: 'burgee-bench', version: '1.0.0' });
  const start = process.hrtime.bigint();
  await client.connect(transport);
  const { tools } = await client.listTools();
  const ms = elapsed(start);
  await client.close();
  if (tools.length === 0) throw new Error(`${p.name}: no tools listed`);
  return ms;
}
const mcp = { name: 'MCP spawn → tools/list' };

const measure = (p, scenario) => (scenario === mcp ? timeMcp(p) : timeRun(p, scenario));

console.log(`node ${process.version}, ${rounds} alternating pairs per row (large program, then 3 commands)\n`);
const row = (cells) =>
  cells[0].padEnd(26) +
  cells[1].padEnd(26) +
  cells
    .slice(2)
    .map((c) => c.padStart(11))
    .join('');
console.log(row(['scenario', 'program', 'median ms', '3-cmd ms', 'ratio']));
const results = [];
const only = process.env.BENCH_ONLY;
for (const scenario of [...scenarios, mcp].filter((s) => only === undefined || s.name === only)) {
  for (const p of large) {
    await measure(p, scenario); // warm the file cache; not counted
    await measure(small, scenario);
    const ours = [];
    const base = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await measure(p, scenario));
      base.push(await measure(small, scenario));
    }
    const ratio = median(ours.map((ms, round) => ms / base[round]));
    results.push({ scenario: scenario.name, program: p, ours, ratio });
    console.log(row([scenario.name, p.name, median(ours).toFixed(1), median(base).toFixed(1), ratio.toFixed(2)]));
  }
}

const one = (name, n, style = 'loop') =>
  results.find((r) => r.scenario === name && r.program.n === n && r.program.file.includes(`${n}-${style}`));
const run1000 = one('one command --json', 1000);
const written = one('one command --json', 1000, 'written');
const parse = median(written.ours.map((ms, round) => ms - run1000.ours[round]));
console.log(
  `\nwritten out vs declared in a loop (1,000 commands, one command --json): +${parse.toFixed(1)} ms, Node parsing the program's own source (no target)`,
);
const met = run1000.ratio <= 1.3;
console.log(`target: one command of 1,000 (loop) ≤ 1.3 × the 3-command program — ${met ? 'met' : 'not met'}`);
