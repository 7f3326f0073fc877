import type { Progress } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connectHttp, spawnHttp } from './support/http.js';
import { connectStdio, envelopeOf, faults } from './support/mcp.js';

const eras = [
  ['2025 era', undefined],
  ['2026-07-28 revision', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
] as const;

describe('M9 · cancellation and progress over MCP', () => {
  it.each(eras)('M9 · %s: notifications/cancelled aborts ctx.signal of the running call', async (_, client) => {
    const server = await connectStdio(faults, client === undefined ? {} : { client });
    try {
      const controller = new AbortController();
      const call = server.client.callTool(
        { name: 'slow', arguments: { id: 'cancelled-one' } },
        // The first progress report shows the handler is running: cancel then.
        { signal: controller.signal, onprogress: () => controller.abort(new Error('the agent changed its mind')) },
      );
      await expect(call).rejects.toThrow();
      let aborted: unknown;
      for (let tries = 0; tries < 50; tries++) {
        aborted = envelopeOf(await server.client.callTool({ name: 'aborted', arguments: {} }));
        if (JSON.stringify(aborted).includes('cancelled-one')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(aborted).toMatchObject({ ok: true, data: { 'cancelled-one': expect.any(String) } });
    } finally {
      await server.close();
    }
  });

  it.each(eras)('M9 · %s: a progressToken turns ctx.progress into notifications/progress', async (_, client) => {
    const server = await connectStdio(faults, client === undefined ? {} : { client });
    try {
      const seen: Progress[] = [];
      const result = await server.client.callTool(
        { name: 'progress', arguments: {} },
        { onprogress: (progress) => seen.push(progress) },
      );
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { steps: 3 } });
      expect(seen).toEqual([
        { progress: 1, total: 3, message: 'step 1' },
        { progress: 2, total: 3, message: 'step 2' },
        { progress: 3, total: 3, message: 'step 3' },
      ]);
    } finally {
      await server.close();
    }
  });

  it.each(eras)(
    'M9 · %s: a handler that counts before each step still ends at the total (probe: progress-total)',
    async (_, client) => {
      const server = await connectStdio(faults, client === undefined ? {} : { client });
      try {
        const seen: Progress[] = [];
        const result = await server.client.callTool(
          { name: 'progress-before', arguments: {} },
          { onprogress: (progress) => seen.push(progress) },
        );
        expect(envelopeOf(result)).toMatchObject({ ok: true, data: { steps: 3 } });
        expect(seen.map((progress) => progress.progress)).toEqual([0, 1, 2, 3]);
        expect(seen.at(-1)).toEqual({ progress: 3, total: 3 });
      } finally {
        await server.close();
      }
    },
  );
});

describe('M9 · over --http, a 2025-era client’s notifications/cancelled aborts the call it names (probe: http-cancelled-2025)', () => {
  it.each(eras)('M9 · %s over HTTP: the cancelled call’s ctx.signal aborts', async (_, client) => {
    const server = await spawnHttp(faults);
    const caller = await connectHttp(server.url, client === undefined ? {} : { client });
    try {
      const controller = new AbortController();
      const call = caller.callTool(
        { name: 'slow', arguments: { id: 'cancelled-over-http' } },
        { signal: controller.signal, onprogress: () => controller.abort(new Error('the agent changed its mind')) },
      );
      await expect(call).rejects.toThrow();
      let aborted: unknown;
      for (let tries = 0; tries < 100; tries++) {
        aborted = envelopeOf(await caller.callTool({ name: 'aborted', arguments: {} }));
        if (JSON.stringify(aborted).includes('cancelled-over-http')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(aborted).toMatchObject({ ok: true, data: { 'cancelled-over-http': expect.any(String) } });
    } finally {
      await caller.close();
      await server.stop();
    }
  });
});
