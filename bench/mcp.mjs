#!/usr/bin/env node
// MCP over stdio, the same `deploy` tool served three ways: a dependency-free JSON-RPC loop (the
// floor, bench/mcp-floor.mjs), burgee (`examples/deploy/cli.mjs --mcp`) and by hand with the same SDK
// (bench/mcp-handwritten.mjs). For each, on Node 22, 24 and 26, in both protocol eras (2025:
// `initialize`; 2026-07-28: the client probes `server/discover` first), with the official client:
// spawn → first `tools/call` result (after `tools/list`), then 1,000 sequential and 1,000 concurrent
// (8 in flight) `tools/call`, and resident memory. Then Streamable HTTP (`--mcp --http 127.0.0.1:0`):
// calls per second, sequential and concurrent, against the hand-written server on the SDK's HTTP
// handler and node:http. Servers alternate A B C A B C … so drift in machine load hits all alike.
// See bench/README.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { env, median, nodesOf, quantile, versionOf } from './measure.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: 'string' }, nodes: { type: 'string' } } });
const rounds = Number(values.rounds ?? process.env.BENCH_ROUNDS ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds expects a positive integer, got ${rounds}`);
const CALLS = 1000;
const IN_FLIGHT = 8;
// Each HTTP call is a request of its own: fewer of them keep a round near the stdio one in time.
const HTTP_CALLS = 300;
/** burgee's spawn → first result at most this fraction of the hand-written server's, in each era (N1). */
const STARTUP_RATIO = 0.6;

// The SDK's stdio transport adds a few variables of its own (SHELL, TERM, USER…) read from this process.
for (const name of DEFAULT_INHERITED_ENV_VARS) if (!(name in env)) delete process.env[name];

const servers = [
  { name: 'floor', argv: [`${root}bench/mcp-floor.mjs`] },
  { name: 'burgee', argv: [`${root}examples/deploy/cli.mjs`, '--mcp'] },
  { name: 'handwritten', argv: [`${root}bench/mcp-handwritten.mjs`, '--mcp'] },
];
/** The client's negotiation modes: `legacy` sends `initialize`; `auto` probes `server/discover` first. */
const eras = [
  { name: '2025 (initialize)', mode: 'legacy' },
  { name: '2026-07-28 (server/discover probe)', mode: 'auto' },
];
const nodes = nodesOf(root, values.nodes);

const expectedTools = JSON.stringify([
  {
    name: 'deploy',
    description: 'Deploy a build\nExample: {"target":"prod"}\nExample (once reviewed): {"target":"prod","yes":true}',
    inputSchema: {
      type: 'object',
      properties: {
        target: { type: 'string', description: 'where to deploy' },
        yes: { type: 'boolean', description: 'skip the confirmation' },
      },
      required: ['target'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  },
]);
const call = { name: 'deploy', arguments: { target: 'prod', yes: true } };
const expected = JSON.stringify({
  ok: true,
  data: { target: 'prod', agent: null },
  meta: {
    provenance: { target: { source: 'flag', location: '--target' }, yes: { source: 'flag', location: '--yes' } },
  },
});
const refusal = JSON.stringify({
  ok: false,
  status: 'action_required',
  reason: 'confirm',
  message: 'deploying to prod needs confirmation',
  next: [{ command: 'tool deploy --target prod --yes --json', when: 'once you have reviewed the plan' }],
  error: { code: 4, message: 'deploying to prod needs confirmation' },
});

// burgee's refusal also carries the call that runs each next step (next[].tool/arguments, Q6), in
// structuredContent; no result of a tool without outputSchema carries any other.
const refusalWithCall = JSON.stringify({
  ...JSON.parse(refusal),
  next: [{ ...JSON.parse(refusal).next[0], tool: 'deploy', arguments: { target: 'prod', yes: true } }],
});

/**
 * Throws unless `result` is exactly one text item `text`, `structured` as structuredContent (none
 * when undefined) and the given isError (by default: the success envelope as text, isError false).
 */
function check(server, what, result, text = expected, isError = false, structured = undefined) {
  const ok =
    result.isError === isError &&
    result.content?.length === 1 &&
    result.content[0].type === 'text' &&
    result.content[0].text === text &&
    JSON.stringify(result.structuredContent) === structured;
  if (!ok) throw new Error(`${server.name}: unexpected ${what} result\n${JSON.stringify(result)}`);
}

const elapsed = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** 1,000 sequential calls, then 1,000 with IN_FLIGHT in flight: the results and the ms each batch took. */
async function callBatches(client) {
  const sequential = new Array(CALLS);
  const seqStart = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) sequential[i] = await client.callTool(call);
  const seqMs = elapsed(seqStart);
  const concurrent = new Array(CALLS);
  let next = 0;
  const worker = async () => {
    while (next < CALLS) {
      const i = next++;
      concurrent[i] = await client.callTool(call);
    }
  };
  const conStart = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { sequential, concurrent, seqMs, conMs: elapsed(conStart) };
}

/** One server, one round, on `node` in `era`: start-up ms, then sequential and concurrent calls per second. */
async function measure(server, node, era) {
  const transport = new StdioClientTransport({
    command: node,
    args: server.argv,
    env,
    cwd: root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'burgee-bench', version: '1.0.0' }, { versionNegotiation: { mode: era.mode } });

  // What an agent's host waits for before its first answer: connect (in the 2026 era, the probe of a
  // sibling process first), tools/list, one tools/call.
  const start = process.hrtime.bigint();
  await client.connect(transport);
  const { tools } = await client.listTools();
  const first = await client.callTool(call);
  const startup = elapsed(start);
  if (JSON.stringify(tools) !== expectedTools)
    throw new Error(`${server.name}: unexpected tools\n${JSON.stringify(tools)}`);
  check(server, 'first call', first);

  const { sequential, concurrent, seqMs, conMs } = await callBatches(client);
  // Resident memory once both batches are answered, before the results are checked (Linux only).
  const rss = residentMiB(transport.pid);
  // Checked after the clock stops, every one of them; then the other path of the tool, once.
  for (const result of sequential) check(server, 'sequential call', result);
  for (const result of concurrent) check(server, 'concurrent call', result);
  const unconfirmed = await client.callTool({ ...call, arguments: { target: 'prod' } });
  check(server, 'unconfirmed call', unconfirmed, refusal, true, server.name === 'burgee' ? refusalWithCall : undefined);

  const closeStart = process.hrtime.bigint();
  await client.close();
  // The transport kills a server that is still running 2 s after stdin closed; ours must leave on their own.
  if (elapsed(closeStart) > 1500) throw new Error(`${server.name}: did not exit when stdin closed`);
  if (stderr !== '') throw new Error(`${server.name}: wrote to stderr\n${stderr}`);
  return { startup, sequential: (CALLS / seqMs) * 1000, concurrent: (CALLS / conMs) * 1000, rss };
}

/** The server's resident set in MiB, from /proc; NaN where there is none. */
function residentMiB(pid) {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? Number.NaN : Number(kib) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Spawns `argv --http 127.0.0.1:0` with the stripped environment and waits for the URL on stderr. */
function spawnHttp(server) {
  const child = spawn(process.execPath, [...server.argv, '--http', '127.0.0.1:0'], { env, cwd: root });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const url = /(http:\/\/\S+\/mcp)\n/.exec(stderr)?.[1];
      if (url !== undefined) resolve({ child, url, stderr: () => stderr.slice(stderr.indexOf('\n') + 1) });
    });
    child.on('exit', (code) => reject(new Error(`${server.name}: exited ${code} before listening\n${stderr}`)));
  });
}

/** One server over HTTP, one round: sequential and concurrent calls per second, every result checked. */
async function measureHttp(server) {
  const { child, url, stderr } = await spawnHttp(server);
  const client = new Client({ name: 'burgee-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  if (JSON.stringify(tools) !== expectedTools)
    throw new Error(`${server.name}: unexpected tools over HTTP\n${JSON.stringify(tools)}`);
  const results = [];
  const seqStart = process.hrtime.bigint();
  for (let i = 0; i < HTTP_CALLS; i++) results.push(await client.callTool(call));
  const seqMs = elapsed(seqStart);
  let next = 0;
  const worker = async () => {
    while (next++ < HTTP_CALLS) results.push(await client.callTool(call));
  };
  const conStart = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const conMs = elapsed(conStart);
  for (const result of results) check(server, 'HTTP call', result);
  await client.close();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  if (stderr() !== '') throw new Error(`${server.name}: wrote to stderr over HTTP\n${stderr()}`);
  return { sequential: (HTTP_CALLS / seqMs) * 1000, concurrent: (HTTP_CALLS / conMs) * 1000 };
}

const httpServers = servers.filter((server) => server.name !== 'floor');
const cells = nodes.flatMap((node) => eras.map((era) => ({ node, era })));
for (const cell of cells) for (const server of servers) await measure(server, cell.node, cell.era); // warm-up; not counted
for (const server of httpServers) await measureHttp(server);
const samples = cells.map(() => servers.map(() => []));
const httpSamples = httpServers.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [c, cell] of cells.entries()) {
    for (const [i, server] of servers.entries()) samples[c][i].push(await measure(server, cell.node, cell.era));
  }
  for (const [i, server] of httpServers.entries()) httpSamples[i].push(await measureHttp(server));
}

const row = (cells) =>
  cells[0].padEnd(20) +
  cells
    .slice(1)
    .map((c) => c.padStart(15))
    .join('');
const metrics = ['startup', 'sequential', 'concurrent', 'rss'];
/** The median over rounds of f(round's A, round's B): A and B of one round ran back to back. */
const paired = (as, bs, f) => median(as.map((a, round) => f(a, bs[round])));
const misses = [];
console.log(`${rounds} rounds, ${CALLS} calls each way (${IN_FLIGHT} in flight concurrently); medians over the rounds`);
for (const [c, cell] of cells.entries()) {
  const [floor, ours, theirs] = samples[c];
  const version = versionOf(cell.node);
  console.log(`\nnode ${version}, MCP ${cell.era.name}\n`);
  console.log(row(['server', 'spawn→result ms', 'seq calls/s', 'conc calls/s', 'RSS MiB after']));
  for (const [i, server] of servers.entries()) {
    const m = Object.fromEntries(metrics.map((k) => [k, median(samples[c][i].map((x) => x[k]))]));
    const cells = [m.startup.toFixed(1), m.sequential.toFixed(0), m.concurrent.toFixed(0), m.rss.toFixed(1)];
    console.log(row([server.name, ...cells]));
  }
  const ratio = (k) => paired(ours, theirs, (a, b) => a[k] / b[k]);
  console.log(row(['burgee/handwritten', ...metrics.map((k) => ratio(k).toFixed(2))]));
  const over = ours.map((x, round) => x.startup - floor[round].startup);
  const overFloor = median(over);
  console.log(
    `burgee − floor, spawn → first result: ${overFloor.toFixed(1)} ms ` +
      `(quartiles of per-round differences ${quantile(over, 0.25).toFixed(1)}–${quantile(over, 0.75).toFixed(1)})`,
  );
  const where = `${version}, ${cell.era.mode}`;
  if (!(ratio('startup') <= STARTUP_RATIO)) misses.push(`start-up ${where}: ${ratio('startup').toFixed(2)}`);
  for (const k of ['sequential', 'concurrent'])
    if (!(ratio(k) >= 1)) misses.push(`${k} calls/s ${where}: ${ratio(k).toFixed(2)}`);
  if (!(ratio('rss') <= 1)) misses.push(`RSS ${where}: ${ratio('rss').toFixed(2)}`);
}

const httpMetrics = ['sequential', 'concurrent'];
const httpRatio = Object.fromEntries(
  httpMetrics.map((m) => [m, paired(httpSamples[0], httpSamples[1], (a, b) => a[m] / b[m])]),
);
console.log(`\nnode ${process.version}, over Streamable HTTP (--http 127.0.0.1:0), ${HTTP_CALLS} calls each way\n`);
console.log(row(['server', '', 'seq calls/s', 'conc calls/s']));
for (const [i, server] of httpServers.entries()) {
  const m = Object.fromEntries(httpMetrics.map((k) => [k, median(httpSamples[i].map((x) => x[k]))]));
  console.log(row([server.name, '', m.sequential.toFixed(0), m.concurrent.toFixed(0)]));
}
console.log(row(['burgee/handwritten', '', httpRatio.sequential.toFixed(2), httpRatio.concurrent.toFixed(2)]));
if (!(httpRatio.sequential >= 0.9 && httpRatio.concurrent >= 0.9)) misses.push('HTTP calls/s below 0.9 × handwritten');

console.log(
  `\ntargets: spawn → first result ≤ ${STARTUP_RATIO} × the hand-written server's in both eras; calls/s ≥ and RSS ≤ the`,
);
console.log(
  "hand-written server's (stdio); HTTP calls/s ≥ 0.9 × — " +
    (misses.length === 0 ? 'met' : `not met: ${misses.join('; ')}`),
);
