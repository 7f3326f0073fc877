// M2's tool list of a spawned server, the outputSchema of a command that declares output, and D7's
// list that imports no lazy command: what tools/list shows; its own file by theme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';
import { connectStdio, envelopeOf, faults, type StdioServer, texts } from './support/mcp.js';

type SchemaCommand = { name: string; effects: string; inputSchema: unknown; examples: { command: string }[] };

// The M2 table, restated independently of the projection.
const HINTS: Record<string, unknown> = {
  read_only: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
  idempotent: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
  non_idempotent: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
};

describe('M2 · the tool list of a spawned `ship --mcp`', () => {
  let ship: StdioServer;
  let schema: SchemaCommand[];
  beforeAll(async () => {
    ship = await connectStdio(example('ship'));
    schema = JSON.parse((await runCli(example('ship'), ['--schema'])).stdout).commands;
  });
  afterAll(() => ship.close());

  it('M2 · one tool per runnable, visible, non-withheld command, named by its path joined with _', async () => {
    const { tools } = await ship.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'status',
      'config_get',
      'config_set',
      'release',
      'rollback',
      'db_backup',
    ]);
    // Not vacuous: --schema lists the withheld one, the tool list does not.
    expect(schema.map((c) => c.name)).toContain('db drop');
  });

  it('M2 · S2 · A6 · a prompt-bound option without default is required in tools/list, as in --schema', async () => {
    const { tools } = await ship.client.listTools();
    const rollback = tools.find((t) => t.name === 'rollback')!;
    expect(rollback.inputSchema.required).toEqual(['service', 'reason']);
  });

  it('M2 · each inputSchema deep-equals the --schema inputSchema of its command', async () => {
    const { tools } = await ship.client.listTools();
    for (const tool of tools) {
      const command = schema.find((c) => c.name.replaceAll(' ', '_') === tool.name)!;
      expect(tool.inputSchema).toStrictEqual(command.inputSchema);
    }
  });

  it('M2 · annotations are exactly the M2 table for each effects value', async () => {
    const { tools } = await ship.client.listTools();
    for (const tool of tools) {
      const command = schema.find((c) => c.name.replaceAll(' ', '_') === tool.name)!;
      expect(tool.annotations).toStrictEqual(HINTS[command.effects]);
    }
    expect(new Set(schema.map((c) => c.effects))).toEqual(
      new Set(['read_only', 'idempotent', 'non_idempotent', 'withheld']),
    );
  });

  it('M2 · each example is written as the arguments that run it, never as a shell line', async () => {
    const { tools } = await ship.client.listTools();
    const descriptions = Object.fromEntries(tools.map((t) => [t.name, t.description]));
    expect(descriptions.status).toBe(
      'Show the state of every service. Unhealthy ones first with --problems.\n' +
        'Example: {}\nExample (what needs attention): {"problems":true}',
    );
    expect(descriptions.release).toBe(
      'Cut a release of one or more services\n' +
        'Example: {"services":["api"],"build":"1.4.0","channel":"beta"}\n' +
        'Example: {"services":["api","web"],"build":"2.0.0","tag":["hotfix","urgent"],"dryRun":true}',
    );
    expect(descriptions.rollback).toBe(
      'Roll a service back to its previous build. At a terminal, asks for what was not given.\n' +
        'Example: {"service":"api","reason":"error rate up"}',
    );
    // Every example of every tool, and nothing that reads as a command line.
    const lines = tools.flatMap((t) => t.description!.split('\n').filter((line) => line.startsWith('Example')));
    expect(lines).toHaveLength(schema.flatMap((c) => (c.effects === 'withheld' ? [] : c.examples)).length);
    for (const line of lines) expect(line).not.toMatch(/\bship\b|--/);
  });

  it('M2 · a withheld command, and a hidden one, are refused by name as unknown tools', async () => {
    await expect(ship.client.callTool({ name: 'db_drop', arguments: { yes: true } })).rejects.toThrow(
      /unknown tool "db_drop"/,
    );
    await expect(ship.client.callTool({ name: 'debug', arguments: {} })).rejects.toThrow(/unknown tool "debug"/);
    // And the server answers the next call.
    const result = await ship.client.callTool({ name: 'status', arguments: {} });
    expect(result.isError).toBe(false);
  });
});

describe('M2 · outputSchema for a command that declares output', () => {
  it('M2 · the envelope with that data; the official client validates a real result against it', async () => {
    const server = await connectStdio(faults);
    try {
      const { tools } = await server.client.listTools();
      const report = tools.find((t) => t.name === 'report')!;
      expect(report.outputSchema).toMatchObject({
        type: 'object',
        anyOf: [
          { properties: { ok: { const: true }, data: { type: 'object', required: ['count'] } } },
          { properties: { ok: { const: false } }, required: ['ok', 'error'] },
        ],
      });
      expect(tools.find((t) => t.name === 'echo')!.outputSchema).toBeUndefined();
      const result = await server.client.callTool({ name: 'report', arguments: {} });
      expect(result.structuredContent).toMatchObject({ ok: true, data: { count: 2 } });
      // A tool with an outputSchema gets structuredContent with its failures too, the text as an object.
      const failed = await server.client.callTool({ name: 'report', arguments: { nope: 1 } });
      expect(failed.isError).toBe(true);
      expect(failed.structuredContent).toStrictEqual(JSON.parse(texts(failed).envelope));
    } finally {
      await server.close();
    }
  });
});

describe('D7 · the tool list is complete without importing a lazy command', () => {
  it('D7 · tools/list names the lazy tool with its schema and loads nothing; calling it loads it once (probe: mcp-list-lazy)', async () => {
    let imported = 0;
    const program = defineProgram({
      name: 'lazy',
      commands: [
        defineCommand({
          name: 'heavy',
          description: 'Loaded on demand',
          effects: 'read_only',
          options: { size: { type: 'number', description: 'how big' } },
          load: async () => {
            imported++;
            return { default: () => ({ loaded: true }) };
          },
        }),
      ],
    });
    const client = await connectMcp(program);
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        expect.objectContaining({
          name: 'heavy',
          description: 'Loaded on demand',
          inputSchema: expect.objectContaining({ properties: { size: expect.objectContaining({ type: 'number' }) } }),
        }),
      ]);
      expect(imported).toBe(0);
      const result = await client.callTool({ name: 'heavy', arguments: {} });
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { loaded: true } });
      expect(imported).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('D7 · a real server lists a lazy tool without running its module: what the module prints shows only in the call (probe: mcp-list-lazy)', async () => {
    const server = await connectStdio(`${repoRoot}packages/burgee/test/fixtures/lazy/cli.mjs`);
    try {
      expect((await server.client.listTools()).tools.map((t) => t.name)).toEqual(['lazy']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.stderr()).not.toContain('loading the handler module');
      const result = await server.client.callTool({ name: 'lazy', arguments: {} });
      expect(texts(result).captured).toBe('loading the handler module\n');
    } finally {
      await server.close();
    }
  });
});
