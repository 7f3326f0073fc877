import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../declaration/to-manifest.js';
import { defineCommand, defineProgram } from '../../index.js';
import { renderToolsText } from './tool-text.js';
import { toMcpTools } from './tools.js';

const program = defineProgram({
  name: 'cloud',
  commands: [
    defineCommand({
      name: 'deploy',
      description: 'Deploy a build',
      effects: 'non_idempotent',
      arguments: [{ name: 'build', description: 'build id' }],
      options: {
        env: { type: 'string', choices: ['preview', 'production'], default: 'preview', description: 'where' },
        replicas: { type: 'number', integer: true, minimum: 1, maximum: 20, default: 2 },
        tag: { type: 'string', multiple: true, description: 'labels' },
        wait: { type: 'boolean', description: 'wait for it' },
        note: { type: 'string', default: 'two words', deprecated: 'use --tag' },
      },
      examples: [{ command: 'cloud deploy b1 --env production' }],
      run: () => null,
    }),
    defineCommand({ name: 'list', description: 'List builds', effects: 'read_only', run: () => [] }),
  ],
});

describe('M2 · N5 · the discovery tool answers in lines, every fact of the tools once', () => {
  const tools = toMcpTools(buildManifest(program), (line) =>
    line === 'cloud deploy b1 --env production'
      ? { tool: 'deploy', arguments: { build: 'b1', env: 'production' } }
      : undefined,
  );
  const text = renderToolsText(tools);

  it('names each tool with its effects and summary, each input with type, choices, bounds, default and description', () => {
    expect(text).toBe(
      [
        'deploy (non_idempotent): Deploy a build',
        '- build (required): build id',
        '- env (preview | production; default preview): where',
        '- replicas (integer 1–20; default 2)',
        '- tag (list): labels',
        '- wait (boolean): wait for it',
        '- note (default "two words"; deprecated)',
        'Example: {"build":"b1","env":"production"}',
        '',
        'list (read_only): List builds',
      ].join('\n'),
    );
  });

  it('says less than the same tools as JSON', () => {
    expect(text.length).toBeLessThan(JSON.stringify(tools).length * 0.6);
  });
});
