import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, envelopeOf as publicEnvelopeOf, runProgram } from '../src/testing/index.js';
import { repoRoot, runCli } from './support/cli.js';
import { connectStdio, envelopeOf, texts } from './support/mcp.js';

describe('T1 · connectMcp: the official client, wired in-process through the in-memory transport', () => {
  it('T1 · lists and calls tools; the result is the envelope runProgram prints for the same call', async () => {
    const env = { CLAUDECODE: '1' };
    const client = await connectMcp(deploy, { env });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['deploy']);
      const result = await client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
      const cli = await runProgram(deploy, ['deploy', '--target=prod', '--json'], { env });
      expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('T1 · negotiates the stateless 2026-07-28 revision when the client pins it', async () => {
    const client = await connectMcp(deploy, { client: { versionNegotiation: { mode: { pin: '2026-07-28' } } } });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const result = await client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } });
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { target: 'prod', agent: null } });
    } finally {
      await client.close();
    }
  });

  it('T1 · M6 · in-process too, process.exit in a handler is an error result and a hang ends at timeoutMs', async () => {
    const exits = defineCommand({ name: 'exits', effects: 'read_only', run: () => process.exit(7) });
    const client = await connectMcp(exits, { timeoutMs: 200 });
    try {
      const result = await client.callTool({ name: 'exits', arguments: {} });
      // The code the handler asked for, as the same run gives under --json (E7, M4).
      expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code: 7, message: /process\.exit\(7\)/ } });
    } finally {
      await client.close();
    }
    const hangs = defineCommand({ name: 'hangs', effects: 'read_only', run: () => new Promise(() => {}) });
    const slow = await connectMcp(hangs, { timeoutMs: 200 });
    try {
      const result = await slow.callTool({ name: 'hangs', arguments: {} });
      expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code: 1, message: /within 200 ms/ } });
    } finally {
      await slow.close();
    }
  });
});

describe('T1 · envelopeOf: the envelope of a tool result, whatever its shape', () => {
  const program = defineProgram({
    name: 'shelf',
    commands: [
      defineCommand({ name: 'plain', effects: 'read_only', run: () => ({ books: 3 }) }),
      defineCommand({
        name: 'counted',
        effects: 'read_only',
        output: { type: 'object', properties: { books: { type: 'integer' } }, required: ['books'] },
        run: () => ({ books: 4 }),
      }),
      defineCommand({
        name: 'wipe',
        effects: 'non_idempotent',
        options: { yes: { type: 'boolean', env: false, description: 'confirm' } },
        run: (ctx) => {
          if (!ctx.options.yes)
            ctx.actionRequired({ reason: 'confirm', message: 'sure?', next: [{ argv: ['wipe', '--yes'] }] });
          return 'wiped';
        },
      }),
    ],
  });

  it('T1 · the text read back where the result is the text alone; structuredContent where the server sent it', async () => {
    const client = await connectMcp(program);
    try {
      const plain = await client.callTool({ name: 'plain', arguments: {} });
      expect(plain.structuredContent).toBeUndefined();
      expect(publicEnvelopeOf(plain)).toStrictEqual((await runProgram(program, ['plain', '--json'])).json);
      const counted = await client.callTool({ name: 'counted', arguments: {} });
      expect(publicEnvelopeOf(counted)).toBe(counted.structuredContent);
      expect(publicEnvelopeOf(counted)).toMatchObject({ ok: true, data: { books: 4 } });
      const wipe = await client.callTool({ name: 'wipe', arguments: {} });
      expect(publicEnvelopeOf(wipe)).toMatchObject({ next: [{ tool: 'wipe', arguments: { yes: true } }] });
    } finally {
      await client.close();
    }
    expect(() => publicEnvelopeOf({ content: [{ type: 'image', data: '', mimeType: 'image/png' }] })).toThrow(
      /neither structuredContent nor a text item first/,
    );
  });
});

describe('M8 · the hook burgee dev uses', () => {
  it('M8 · serveMcp(...).setProgram swaps the served tools and sends notifications/tools/list_changed', async () => {
    let changed: (tools: Tool[]) => void = () => {};
    const listed = new Promise<Tool[]>((resolve) => {
      changed = resolve;
    });
    const server = await connectStdio(`${repoRoot}packages/burgee/test/fixtures/mcp-swap.mjs`, {
      client: { listChanged: { tools: { debounceMs: 0, onChanged: (_error, tools) => changed(tools ?? []) } } },
    });
    try {
      expect((await server.client.listTools()).tools.map((t) => t.name)).toEqual(['swap']);
      await server.client.callTool({ name: 'swap', arguments: {} });
      expect((await listed).map((t) => t.name)).toEqual(['fresh']);
      const result = await server.client.callTool({ name: 'fresh', arguments: {} });
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: 'served after the swap' });
    } finally {
      await server.close();
    }
  });
});

describe('N1 · the MCP SDK loads only when MCP is used', () => {
  const recorder = fileURLToPath(new URL('./support/record-loads.mjs', import.meta.url));

  it('N1 · importing burgee/testing and burgee/mcp loads no SDK; connectMcp then does', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const scratch = mkdtempSync(join(tmpdir(), 'burgee-mcp-loads-'));
    try {
      const loads = async (code: string) => {
        const file = join(scratch, `${Math.random()}.txt`);
        const result = await runCli('-e', [code], {
          env: { NODE_OPTIONS: `--import ${recorder}`, RECORD_LOADS_FILE: file },
        });
        expect(result.code).toBe(0);
        return readFileSync(file, 'utf8');
      };
      const imported = await loads("Promise.all([import('burgee/testing'), import('burgee/mcp')])");
      expect(imported).toContain('/packages/burgee/dist/testing.js');
      // The SDK is installed, or bundled into burgee's vendor chunk (scripts/bundle.mjs): neither is loaded.
      expect(imported).not.toMatch(/@modelcontextprotocol|vendor-mcp-sdk-/);
      const used = await loads(
        "import('burgee').then(async ({ defineCommand }) => { const { connectMcp } = await import('burgee/testing'); const c = await connectMcp(defineCommand({ name: 'x', effects: 'read_only', run: () => 1 })); await c.close(); })",
      );
      expect(used).toMatch(/\/packages\/burgee\/dist\/chunks\/vendor-mcp-sdk-[\w-]+\.js/);
      // The client is the user's own installed copy; the server side is the bundled one.
      expect(used).toMatch(/node_modules\/@modelcontextprotocol\/client\//);
      expect(used).not.toMatch(/node_modules\/@modelcontextprotocol\/server\//);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
