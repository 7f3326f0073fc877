import { existsSync, readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { startMcpHttp } from '../src/testing/index.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { faults } from './support/mcp.js';

const CALLS = 2000;
const CLIENTS = 16;

/** Resident memory of a process in MiB, from /proc (Linux); undefined elsewhere. */
function rssMiB(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return undefined;
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'))?.[1];
  return kib === undefined ? undefined : Number(kib) / 1024;
}

describe('M7 · load, bounded and on loopback', () => {
  it(`M7 · ${CALLS} calls from ${CLIENTS} concurrent clients: every result is its own, server RSS reported`, async () => {
    const server = await spawnHttp(faults);
    const clients: Client[] = [];
    try {
      for (let i = 0; i < CLIENTS; i++) clients.push(await connectHttp(server.url));
      // One call each first, so "before" is a server that has loaded everything a call needs.
      await Promise.all(clients.map((client) => client.callTool({ name: 'echo', arguments: { id: 'warm' } })));
      const before = rssMiB(server.child.pid!);
      let next = 0;
      const wrong: string[] = [];
      const started = performance.now();
      await Promise.all(
        clients.map(async (client) => {
          for (let i = next++; i < CALLS; i = next++) {
            const id = `call-${i}`;
            const result = await client.callTool({ name: 'echo', arguments: { id } });
            const content = result.content as { text: string }[];
            const ok =
              result.isError === false &&
              content[0]?.text ===
                `{"ok":true,"data":{"id":"${id}"},"meta":{"provenance":{"delay":{"source":"default"}}}}` &&
              content[1]?.text === `log ${id}\nwrite ${id}\nerror ${id}\nafter ${id}\n`;
            if (!ok) wrong.push(`${id}: ${JSON.stringify(result)}`);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const after = rssMiB(server.child.pid!);
      const shown = (mib: number | undefined) => (mib === undefined ? 'n/a' : `${mib.toFixed(1)} MiB`);
      console.info(
        `M7 load: ${CALLS} calls, ${CLIENTS} clients, ${(CALLS / seconds).toFixed(0)} calls/s; ` +
          `server RSS before ${shown(before)}, after ${shown(after)}`,
      );
      expect(wrong).toEqual([]);
      expect(next).toBeGreaterThanOrEqual(CALLS);
      // A leak of even 50 KiB per call would add about 100 MiB here.
      if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(100);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
  }, 120_000);
});

describe('T1 · burgee/testing: startMcpHttp', () => {
  it('T1 · serves a program on a free loopback port, behind the same gate; close() stops it', async () => {
    const server = await startMcpHttp(deploy, { token: 'test-token' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    try {
      const refused = await fetch(server.url, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(401);
      const client = await connectHttp(server.url, { token: 'test-token' });
      const result = await client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
      expect(result.structuredContent).toMatchObject({ ok: true, data: { target: 'prod' } });
      await client.close();
    } finally {
      await server.close();
    }
    await expect(fetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
