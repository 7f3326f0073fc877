import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/index.js';
import { buildManifest } from '../../manifest/build.js';
import type { ManifestEffects } from '../../manifest/types.js';
import { toInputSchema } from '../schema/index.js';
import { findToolCommand, toAnnotations, toMcpTools } from './tools.js';

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

  it('M2 · the input schema is the --schema one, the description ends with one Example: line per example', () => {
    const [status] = toMcpTools(manifest);
    expect(status).toStrictEqual({
      name: 'status',
      description: 'Show the state\nExample: tool status\nExample: tool status --all (everything)',
      inputSchema: toInputSchema(manifest.root.commands[0]!),
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    });
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
