// M7 behind a real reverse proxy: three `--mcp --http` instances and nginx in front of them,
// driven by the official client through the proxy. The proxy's site configuration is the one
// docs/mcp-http.md shows (read from the page), with the test's ports put in.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttp } from '../src/testing/index.js';
import { program as ledgerProgram } from './fixtures/ledger.mjs';
import { repoRoot } from './support/cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';
import { envelopeOf } from './support/mcp.js';
import { findNginx, freePort, type Nginx, siteConfig, startNginx } from './support/nginx.js';
import { describeWith } from './support/tools.js';

const nginx = findNginx();

const ledger = join(repoRoot, 'packages/burgee/test/fixtures/ledger.mjs');
const TOKEN = 'proxy-test-token';
const ledgerFile = join(mkdtempSync(join(tmpdir(), 'burgee-ledger-')), 'ledger');
const CLIENTS = 16;

/** The ids with `prefix` that the ledger shows more than once: calls that ran twice. */
function ranTwice(prefix: string): string[] {
  const ids = readFileSync(ledgerFile, 'utf8')
    .split('\n')
    .filter((id) => id.startsWith(`${prefix}-`));
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

type Tally = { sent: number; answered: number; failed: string[]; byPid: Map<number, number> };

/**
 * Sends `record` calls from every client at once, each with its own id, while `more` says so,
 * and checks each answer; `onAnswer` sees every answer as it comes.
 */
async function drive(
  clients: readonly Client[],
  more: (tally: Tally) => boolean,
  prefix: string,
  delay: number,
  onAnswer: (tally: Tally, pid: number) => void = () => {},
): Promise<Tally> {
  const tally: Tally = { sent: 0, answered: 0, failed: [], byPid: new Map() };
  await Promise.all(
    clients.map(async (client) => {
      while (more(tally)) {
        const id = `${prefix}-${tally.sent++}`;
        try {
          const result = await client.callTool({ name: 'record', arguments: { id, delay } });
          const data = (envelopeOf(result) as { data?: { id?: string; pid?: number } }).data;
          if (result.isError !== false || data?.id !== id || data.pid === undefined)
            throw new Error(JSON.stringify(result));
          tally.answered++;
          tally.byPid.set(data.pid, (tally.byPid.get(data.pid) ?? 0) + 1);
          onAnswer(tally, data.pid);
        } catch (error) {
          tally.failed.push(`${id}: ${(error as Error).message}`);
        }
      }
    }),
  );
  return tally;
}

describeWith(['nginx'], 'M7 · behind nginx', () => {
  let proxy: Nginx;
  let ports: number[];
  let proxyPort: number;
  const instances: HttpServer[] = [];
  const clients: Client[] = [];
  const start = (port: number) =>
    spawnHttp(
      ledger,
      ['--allow-origin', `http://127.0.0.1:${proxyPort}`],
      { BURGEE_MCP_TOKEN: TOKEN, LEDGER: ledgerFile },
      `127.0.0.1:${port}`,
    );

  beforeAll(async () => {
    proxyPort = await freePort();
    ports = [await freePort(), await freePort(), await freePort()];
    instances.push(...(await Promise.all(ports.map(start))));
    proxy = await startNginx(nginx!, siteConfig(proxyPort, ports), proxyPort);
    for (let i = 0; i < CLIENTS; i++)
      clients.push(await connectHttp(`http://127.0.0.1:${proxyPort}/mcp`, { token: TOKEN }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(join(ledgerFile, '..'), { recursive: true, force: true });
  });

  it('M7 · 1,000 calls through the proxy, round-robin over three instances: every one answered, each run once', async () => {
    const tally = await drive(clients, (t) => t.sent < 1000, 'rr', 0);
    console.info(
      `M7 behind nginx: sent ${tally.sent}, answered ${tally.answered}, failed ${tally.failed.length}; ` +
        `per instance ${[...tally.byPid.values()].join(' / ')}`,
    );
    expect(tally.failed).toEqual([]);
    expect(tally.answered).toBe(1000);
    expect(ranTwice('rr')).toEqual([]);
    expect(tally.byPid.size).toBe(3);
    for (const count of tally.byPid.values()) expect(count).toBeGreaterThan(250);
  }, 120_000);

  it('M7 · a rolling restart mid-load (SIGTERM, drain, start again): no call lost, failed or run twice', async () => {
    const stopped = instances[1]!;
    let restart: Promise<HttpServer> | undefined;
    let restarted: HttpServer | undefined;
    let drained = 0;
    // At least 1,000 calls, and on until the restarted instance has answered 20 of them.
    const more = (t: Tally) =>
      t.sent < 1000 || (t.sent < 5000 && (restarted === undefined || (t.byPid.get(restarted.child.pid!) ?? 0) < 20));
    const tally = await drive(clients, more, 'roll', 10, (t, pid) => {
      if (restart !== undefined && pid === stopped.child.pid) drained++;
      if (t.answered !== 250) return;
      // SIGTERM while calls are in flight on it; started again as soon as it has exited.
      restart = stopped.stop().then(async (exit) => {
        expect(exit).toEqual({ code: 0, signal: null });
        restarted = await start(ports[1]!);
        instances[1] = restarted;
        return restarted;
      });
    });
    await restart;
    const passedOn = proxy.accessLog().filter((line) => line.startsWith('POST') && line.includes(', '));
    console.info(
      `M7 behind nginx, rolling restart: sent ${tally.sent}, answered ${tally.answered}, failed ${tally.failed.length}; ` +
        `${drained} answered by the stopping instance after SIGTERM, ` +
        `${tally.byPid.get(restarted!.child.pid!) ?? 0} by it once restarted; nginx passed ${passedOn.length} on to another instance`,
    );
    expect(tally.failed).toEqual([]);
    expect(tally.answered).toBe(tally.sent);
    expect(tally.sent).toBeGreaterThanOrEqual(1000);
    expect(ranTwice('roll')).toEqual([]);
    expect(tally.byPid.get(restarted!.child.pid!) ?? 0).toBeGreaterThanOrEqual(20);
  }, 180_000);
});

/** Opens a TCP connection to `port` on loopback; rejects with the socket's error (ECONNREFUSED). */
const open = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket)).once('error', reject);
  });

/** Writes one `record` call on `socket` as raw HTTP/1.1, and reads everything that comes back until the connection ends. */
function call(socket: Socket, port: number, id: string): Promise<string> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'record', arguments: { id } },
  });
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      'accept: application/json, text/event-stream\r\nmcp-protocol-version: 2025-11-25\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

describe('M7 · what a stop does to the connections a proxy has open', () => {
  it('M7 · the listener closes first; a call on a connection accepted before the stop is answered, with Connection: close', async () => {
    const server = await startMcpHttp(ledgerProgram);
    const port = Number(new URL(server.url).port);
    const accepted = await open(port);
    const stopping = server.close();
    // A new connection is refused at once: a proxy sends that call to another instance.
    await expect(open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The call that was on its way to the accepted connection still gets its answer.
    const answer = await call(accepted, port, 'late');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('\\"id\\":\\"late\\"');
    await stopping;
  });

  it('M7 · a connection idle after its call is closed at once; one that brings no call within a second is closed then', async () => {
    const server = await startMcpHttp(ledgerProgram);
    const port = Number(new URL(server.url).port);
    const idle = await open(port);
    const first = call(idle, port, 'first');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const silent = await open(port);
    const closedAt = (socket: Socket) =>
      new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const [idleClosed, silentClosed] = [closedAt(idle), closedAt(silent)];
    silent.on('error', () => {});
    const started = performance.now();
    await server.close();
    expect(await first).toMatch(/^HTTP\/1\.1 200 /);
    expect((await idleClosed) - started).toBeLessThan(500);
    expect((await silentClosed) - started).toBeGreaterThanOrEqual(900);
  });
});
