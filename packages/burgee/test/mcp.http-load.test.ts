import { existsSync, readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { startMcpHttp } from '../src/testing/index.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { envelopeOf, faults } from './support/mcp.js';

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
  it(`M7 · twice ${CALLS} calls from ${CLIENTS} concurrent clients: every result is its own, and the second batch grows RSS by less than a leak would`, async () => {
    const server = await spawnHttp(faults);
    const clients: Client[] = [];
    try {
      for (let i = 0; i < CLIENTS; i++) clients.push(await connectHttp(server.url));
      // One call each first, so "before" is a server that has loaded everything a call needs.
      await Promise.all(clients.map((client) => client.callTool({ name: 'echo', arguments: { id: 'warm' } })));
      const before = rssMiB(server.child.pid!);
      /** One batch of CALLS calls shared by the clients; returns the calls whose result was not their own. */
      const batch = async (name: string): Promise<string[]> => {
        let next = 0;
        const wrong: string[] = [];
        await Promise.all(
          clients.map(async (client) => {
            for (let i = next++; i < CALLS; i = next++) {
              const id = `${name}-${i}`;
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
        expect(next).toBeGreaterThanOrEqual(CALLS);
        return wrong;
      };
      const started = performance.now();
      expect(await batch('first')).toEqual([]);
      const seconds = (performance.now() - started) / 1000;
      const between = rssMiB(server.child.pid!);
      expect(await batch('second')).toEqual([]);
      const after = rssMiB(server.child.pid!);
      const shown = (mib: number | undefined) => (mib === undefined ? 'n/a' : `${mib.toFixed(1)} MiB`);
      console.info(
        `M7 load: ${CALLS} calls, ${CLIENTS} clients, ${(CALLS / seconds).toFixed(0)} calls/s; ` +
          `server RSS before ${shown(before)}, after ${CALLS} calls ${shown(between)}, after ${2 * CALLS} ${shown(after)}`,
      );
      // A leak of even 50 KiB per call would add about 100 MiB to a batch. Measured on the second:
      // the first also grows the heap to what this load needs, which V8 sizes per Node release
      // (about 50 MiB on Node 20, 100 on Node 24), and the second then grows by 25–50 MiB.
      if (between !== undefined && after !== undefined) expect(after - between).toBeLessThan(100);
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
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { target: 'prod' } });
      await client.close();
    } finally {
      await server.close();
    }
    await expect(fetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
