import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/index.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { argument, command, option } from '../../manifest/fixtures.js';
import type { ManifestEffects } from '../../manifest/types.js';
import { toInputSchema } from '../schema/index.js';
import { findToolCommand, toAnnotations, toMcpTool, toMcpTools } from './tools.js';
import type { ExampleReader, ToolCall } from './types.js';

const run = () => null;
const manifest = buildManifest(
  defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'status',
        description: 'Show the state',
        effects: 'read_only',
        examples: ['tool status', { command: 'tool status --all', description: 'everything' }],
        run,
      }),
      defineCommand({
        name: 'config',
        commands: [
          defineCommand({ name: 'get', summary: 'Read one', effects: 'read_only', run }),
          defineCommand({ name: 'set', effects: 'idempotent', run }),
        ],
      }),
      defineCommand({ name: 'deploy', effects: 'non_idempotent', run, output: { type: 'object' } }),
      defineCommand({ name: 'drop', effects: 'withheld', run }),
      defineCommand({ name: 'debug', effects: 'read_only', hidden: true, run }),
      defineCommand({
        name: 'ops',
        hidden: true,
        commands: [defineCommand({ name: 'purge', effects: 'read_only', run })],
      }),
    ],
  }),
);

describe('M2 · toMcpTools', () => {
  it('M2 · one tool per runnable, visible, non-withheld command, named by its path joined with _', () => {
    expect(toMcpTools(manifest).map((t) => t.name)).toEqual(['status', 'config_get', 'config_set', 'deploy']);
  });

  it('M2 · the input schema is the --schema one; without a reader of examples, the description names none', () => {
    const [status] = toMcpTools(manifest);
    expect(status).toStrictEqual({
      name: 'status',
      description: 'Show the state',
      inputSchema: toInputSchema(manifest.root.commands[0]!),
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    });
  });

  it('M2 · each example is the arguments that run it, keys in inputSchema order; one no call of this tool runs is left out', () => {
    const calls: Record<string, ToolCall> = {
      'tool status': { tool: 'status', arguments: {} },
      // Options before the argument, as a parser may read them: written in the schema's order.
      'tool status --all api': { tool: 'status', arguments: { all: true, service: 'api' } },
      'tool status --as config': { tool: 'config_get', arguments: {} },
    };
    const read: ExampleReader = (line) => calls[line];
    const status = command(['status'], {
      description: 'Show the state',
      arguments: [argument('service', { required: false })],
      options: [option('all', 'boolean')],
      examples: [
        { command: 'tool status' },
        { command: 'tool status --all api', description: 'everything' },
        { command: 'tool status --as config' },
        { command: 'TOOL_ALL=1 tool status | wc -l' },
      ],
    });
    expect(toMcpTool(status, read).description).toBe(
      'Show the state\nExample: {}\nExample (everything): {"service":"api","all":true}',
    );
    expect(toMcpTool(status, read).description).not.toContain('tool status');
  });

  it('M2 · a summary stands in for a missing description; a command with neither has no description key', () => {
    const tools = toMcpTools(manifest);
    expect(tools[1]!.description).toBe('Read one');
    expect(tools[2]).not.toHaveProperty('description');
  });

  it('M2 · outputSchema only when output is declared: the envelope with that data, or the failure envelope', () => {
    const tools = toMcpTools(manifest);
    expect(tools[0]).not.toHaveProperty('outputSchema');
    expect(tools[3]!.outputSchema).toMatchObject({
      type: 'object',
      anyOf: [
        { required: ['ok', 'data', 'meta'], properties: { data: { type: 'object' } } },
        { required: ['ok', 'error'] },
      ],
    });
  });

  it('M2 · findToolCommand refuses withheld, hidden and grouped-under-hidden commands by name', () => {
    expect(findToolCommand(manifest, 'config_get')?.path).toEqual(['config', 'get']);
    for (const name of ['drop', 'debug', 'ops_purge', 'config', 'nope'])
      expect(findToolCommand(manifest, name)).toBe(undefined);
  });

  it('M2 · a one-command program is one tool named after the command', () => {
    const single = buildManifest({
      name: 'greet',
      commands: [],
      root: defineCommand({ name: 'greet', effects: 'read_only', run }),
    } as never);
    expect(toMcpTools(single).map((t) => t.name)).toEqual(['greet']);
  });
});

describe('M2 · annotations: the table, restated', () => {
  const table: [ManifestEffects, unknown][] = [
    ['read_only', { readOnlyHint: true, idempotentHint: true, destructiveHint: false }],
    ['idempotent', { readOnlyHint: false, idempotentHint: true, destructiveHint: false }],
    ['non_idempotent', { readOnlyHint: false, idempotentHint: false, destructiveHint: true }],
    ['undeclared', undefined],
    ['withheld', undefined],
  ];
  it.each(table)('M2 · %s → %o', (effects, hints) => {
    expect(toAnnotations(effects)).toStrictEqual(hints);
  });
});
