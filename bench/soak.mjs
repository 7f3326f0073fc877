#!/usr/bin/env node
// Soak: 10,000 sequential MCP tool calls to one server, its resident memory sampled every 1,000.
// A leak grows with every call; a healthy server levels off once warm. See bench/README.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({ options: { calls: { type: 'string' }, every: { type: 'string' } } });
const CALLS = Number(values.calls ?? 10_000);
const EVERY = Number(values.every ?? 1_000);
// Growth allowed after warm-up. The warm-up is the first two samples (code compiled, caches
// filled); growth is the floor of the last three samples over the second one. Between collections
// RSS swings by tens of MB with garbage not yet collected; a leak raises the floor, not just a peak.
const LIMIT_MB = 20;
const WARM_SAMPLES = 2;
if (!Number.isInteger(CALLS) || !Number.isInteger(EVERY) || EVERY < 1 || CALLS < EVERY * (WARM_SAMPLES + 3)) {
  throw new Error(`--calls and --every expect whole numbers with calls ≥ 5 × every, got ${CALLS} and ${EVERY}`);
}

// Only these reach the server: NODE_OPTIONS or an agent variable would change what is measured.
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', LANG: process.env.LANG ?? 'C.UTF-8' };
const server = spawn(process.execPath, [`${root}examples/ship/cli.mjs`, '--mcp'], {
  env,
  stdio: ['pipe', 'pipe', 'inherit'],
});

/** Resolves each request's answer by id; the server answers one line per message. */
const waiting = new Map();
let pending = '';
server.stdout.setEncoding('utf8').on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const message = JSON.parse(line);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  }
});
let nextId = 1;
const send = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });

/** Resident set size of the server, in MB, from the kernel's own count. */
function rssMb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

await send('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'soak', version: '1' },
});
server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
// A mix of what agents send: a read, a refusal with a fix, an action-required stop, a success with options.
const calls = [
  { name: 'status', arguments: { problems: true } },
  { name: 'release', arguments: { build: '1', chanel: 'beta' } },
  { name: 'release', arguments: { build: '2', dryRun: true, tag: ['a', 'b'], replicas: 3 } },
  { name: 'config_get', arguments: { key: 'nothing-here' } },
];
const rows = [];
const started = performance.now();
for (let call = 1; call <= CALLS; call++) {
  const answer = await send('tools/call', calls[call % calls.length]);
  if (answer.result === undefined) throw new Error(`call ${call} got no result: ${JSON.stringify(answer)}`);
  if (call % EVERY === 0) {
    rows.push({ calls: call, rss: rssMb(), ms: performance.now() - started });
  }
}
server.stdin.end();

const warm = rows[WARM_SAMPLES - 1].rss;
console.log('calls    RSS MB   since warm-up   calls/s');
for (const row of rows) {
  const rate = (row.calls / row.ms) * 1000;
  const change = row.rss - warm;
  console.log(
    `${String(row.calls).padStart(6)}  ${row.rss.toFixed(1).padStart(7)}  ${`${change >= 0 ? '+' : ''}${change.toFixed(1)}`.padStart(14)}  ${rate.toFixed(0).padStart(8)}`,
  );
}
const floor = Math.min(...rows.slice(-3).map((row) => row.rss));
const growth = floor - warm;
console.log(
  `\ngrowth after warm-up (call ${rows[WARM_SAMPLES - 1].calls} → floor of the last three samples): ${growth.toFixed(1)} MB; limit ${LIMIT_MB} MB: ${growth < LIMIT_MB ? 'ok' : 'EXCEEDED'}`,
);
if (growth >= LIMIT_MB) process.exitCode = 1;
