import { defineCommand } from '../../declaration/define.js';
import type { Command } from '../../declaration/types.js';

/** Programs of a chosen shape, for the skill and --llms tests. */
export const leaf = (name: string, words = 12): Command =>
  defineCommand({
    name,
    description: `${'Does one careful thing with many words to say about it '.repeat(words / 12)}`.trim(),
    effects: 'read_only',
    options: {
      target: { type: 'string', description: 'where it runs', default: 'local' },
      level: { type: 'number', integer: true, minimum: 1, maximum: 9, description: 'how hard it tries' },
    },
    run: () => null,
  });

export const group = (name: string, size: number, words?: number): Command =>
  defineCommand({
    name,
    description: `Commands about ${name}`,
    commands: Array.from({ length: size }, (_, i) => leaf(`${name}-${i}`, words)),
  });
