import type { Client, ClientOptions, Progress } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example } from './support/cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';
import { connectStdio, envelopeOf, faults, texts } from './support/mcp.js';

const eras: ReadonlyArray<readonly [string, ClientOptions | undefined, string]> = [
  ['2025 era (initialize)', undefined, '2025-11-25'],
  ['2026-07-28 revision', { versionNegotiation: { mode: { pin: '2026-07-28' } } }, '2026-07-28'],
];

const scripts = { deploy: example('deploy'), faults } as const;
type Script = keyof typeof scripts;

// Every kind of result: success, captured output, a declared output schema, a refusal, each failure class.
const calls: ReadonlyArray<readonly [Script, string, Record<string, unknown>]> = [
  ['deploy', 'deploy', { target: 'prod', yes: true }],
  ['deploy', 'deploy', { target: 'prod' }],
  ['deploy', 'deploy', { target: 7 }],
  ['deploy', 'deploy', { target: 'prod', colour: 'red' }],
  ['faults', 'echo', { id: 'same-bytes', delay: 1 }],
  ['faults', 'report', {}],
  ['faults', 'login', {}],
  ['faults', 'crash', {}],
  ['faults', 'exit', {}],
];

describe.each(eras)('M7 · over HTTP, %s: the stdio server’s bytes', (_, client, version) => {
  const open: { stop: () => Promise<unknown> }[] = [];
  const pairs = new Map<Script, { http: Client; stdio: Client }>();
  beforeAll(async () => {
    for (const [name, script] of Object.entries(scripts) as [Script, string][]) {
      const server = await spawnHttp(script);
      const stdio = await connectStdio(script, client === undefined ? {} : { client });
      const http = await connectHttp(server.url, { client });
      open.push({ stop: () => http.close() }, server, { stop: () => stdio.close() });
      pairs.set(name, { http, stdio: stdio.client });
    }
  });
  afterAll(async () => {
    for (const item of open) await item.stop();
  });

  it.each(Object.keys(scripts) as Script[])('M7 · tools/list of %s equals stdio byte for byte', async (script) => {
    const { http, stdio } = pairs.get(script)!;
    expect(http.getNegotiatedProtocolVersion()).toBe(version);
    expect(JSON.stringify(await http.listTools())).toBe(JSON.stringify(await stdio.listTools()));
  });

  it.each(calls)('M7 · tools/call of %s: %s %j equals stdio byte for byte', async (script, name, args) => {
    const { http, stdio } = pairs.get(script)!;
    const overHttp = await http.callTool({ name, arguments: args });
    const overStdio = await stdio.callTool({ name, arguments: args });
    expect(JSON.stringify(overHttp)).toBe(JSON.stringify(overStdio));
  });
});

describe('M7 · clients of one HTTP server do not see each other', () => {
  let server: HttpServer;
  beforeAll(async () => {
    server = await spawnHttp(faults);
  });
  afterAll(() => server.stop());

  it('M7 · stateless: no Mcp-Session-Id is handed out, and DELETE has no session to end (405)', async () => {
    const client = await connectHttp(server.url);
    const response = await fetch(server.url, { method: 'DELETE' });
    await client.close();
    expect((client.transport as { sessionId?: string } | undefined)?.sessionId).toBeUndefined();
    expect(response.status).toBe(405);
  });

  it.each(eras)(
    'M7 · %s: four clients, 40 concurrent calls: each gets its own output and its own progress',
    async (_, options) => {
      const clients = await Promise.all([1, 2, 3, 4].map(() => connectHttp(server.url, { client: options })));
      try {
        const work = clients.map(async (client: Client, n) => {
          for (let i = 0; i < 10; i++) {
            const id = `client-${n}-call-${i}`;
            const result = await client.callTool({ name: 'echo', arguments: { id, delay: (i * 7) % 13 } });
            expect(envelopeOf(result)).toMatchObject({ ok: true, data: { id } });
            expect(texts(result).captured).toBe(`log ${id}\nwrite ${id}\nerror ${id}\nafter ${id}\n`);
          }
          const seen: Progress[] = [];
          const result = await client.callTool(
            { name: 'progress', arguments: {} },
            { onprogress: (p) => seen.push(p) },
          );
          expect(envelopeOf(result)).toMatchObject({ ok: true, data: { steps: 3 } });
          expect(seen.map((p) => p.message)).toEqual(['step 1', 'step 2', 'step 3']);
        });
        await Promise.all(work);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    },
  );
});
