#!/usr/bin/env node
// Where the MCP servers' resident memory goes after the rounds of bench/mcp.mjs (1,000 sequential
// and 1,000 concurrent `tools/call`): VmRSS split into anonymous and file-backed pages, V8's heap by
// space, and the young-generation collections of the call phase (how much survived each, and the
// new space they grew). Each server runs with bench/memory-probe.mjs preloaded, so its figures
// are for explaining bench/mcp.mjs's RSS ratio, not for replacing it. See bench/README.md.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { env, median } from './measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);
if (!existsSync('/proc/self/status')) throw new Error('bench/mcp-memory.mjs reads /proc: Linux only');
const CALLS = 1000;
const IN_FLIGHT = 8;
for (const name of DEFAULT_INHERITED_ENV_VARS) if (!(name in env)) delete process.env[name];

const probe = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));
const servers = [
  { name: 'burgee', argv: [`${root}examples/deploy/cli.mjs`, '--mcp'] },
  { name: 'handwritten', argv: [`${root}bench/mcp-handwritten.mjs`] },
];
const call = { name: 'deploy', arguments: { target: 'prod', yes: true } };
const MiB = 2 ** 20;

/** One server, one round: the calls of bench/mcp.mjs, then its memory as /proc and the probe see it. */
async function measure(server) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', probe, ...server.argv],
    env,
    cwd: root,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'burgee-bench', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  const pid = transport.pid;
  process.kill(pid, 'SIGUSR2'); // start-up ends here; its collections are set aside
  const results = [];
  for (let i = 0; i < CALLS; i++) results.push(await client.callTool(call));
  let next = 0;
  const worker = async () => {
    while (next++ < CALLS) results.push(await client.callTool(call));
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const report = await probeReport(pid);
  await client.close();
  if (results.some((result) => result.isError !== false)) throw new Error(`${server.name}: a call failed`);
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) / 1024;
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile'), ...heapFigures(report) };
}

/** Asks the probe for its report and waits for the file. */
async function probeReport(pid) {
  const file = join(tmpdir(), `burgee-memory-probe-${pid}.json`);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      rmSync(file);
      return report;
    } catch {
      // not written yet, or written in part
    }
  }
  throw new Error(`no memory report from ${pid}`);
}

/** The heap's figures in MiB, and what the call phase's scavenges kept (copied within new space + promoted). */
function heapFigures({ memory, spaces, heap, gcs }) {
  const scavenges = gcs.filter((gc) => gc.type === 'Scavenge');
  const kept = scavenges.map(({ before, after }) => {
    const promoted = Object.keys(after)
      .filter((space) => space !== 'new_space' && space !== 'new_large_object_space')
      .reduce((sum, space) => sum + Math.max(0, after[space] - before[space]), 0);
    return after.new_space + promoted;
  });
  return {
    heapTotal: memory.heapTotal / MiB,
    newSpace: spaces.new_space.size / MiB,
    oldUsed: spaces.old_space.used / MiB,
    malloced: heap.peak_malloced_memory / MiB,
    scavenges: scavenges.length,
    keptPerScavenge: kept.length === 0 ? 0 : kept.reduce((a, b) => a + b, 0) / kept.length / MiB,
  };
}

for (const server of servers) await measure(server); // warm the file cache; not counted
const samples = servers.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, server] of servers.entries()) samples[i].push(await measure(server));
}

const columns = [
  ['rss', 'RSS', 1],
  ['anon', 'anon', 1],
  ['file', 'file', 1],
  ['heapTotal', 'V8 heap', 1],
  ['newSpace', 'new space', 1],
  ['oldUsed', 'old used', 1],
  ['malloced', 'V8 malloc pk', 1],
  ['scavenges', 'scavenges', 0],
  ['keptPerScavenge', 'kept/scav.', 2],
];
const row = (cells) =>
  cells[0].padEnd(13) +
  cells
    .slice(1)
    .map((c) => String(c).padStart(13))
    .join('');
console.log(
  `node ${process.version}, ${rounds} rounds, ${CALLS} + ${CALLS} calls; medians in MiB (scavenges: count)\n`,
);
console.log(row(['server', ...columns.map(([, title]) => title)]));
for (const [i, server] of servers.entries()) {
  const cells = columns.map(([key, , digits]) => median(samples[i].map((s) => s[key])).toFixed(digits));
  console.log(row([server.name, ...cells]));
}
const ratio = median(samples[0].map((s, round) => s.rss / samples[1][round].rss));
console.log(`\nRSS burgee / handwritten, median of per-round ratios: ${ratio.toFixed(3)}`);
