import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/define.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import type { ProgramDefinition } from '../../declaration/types.js';
import { toCompletionTable } from './table.js';

/** The flags offered after `go`, in a program with the given settings and one boolean `yes` as declared. */
const flagsOf = (yes: Record<string, unknown>, program: Partial<ProgramDefinition> = {}): string[] => {
  const go = defineCommand({
    name: 'go',
    effects: 'read_only',
    options: { yes: { type: 'boolean', ...yes } as { type: 'boolean' } },
    run: () => null,
  });
  const table = toCompletionTable(buildManifest(defineProgram({ name: 'tool', ...program, commands: [go] })));
  return table.nodes.find((node) => node.path === 'go')!.flags;
};

// The rule, restated: --no-x is offered when something other than the command line can turn x on.
describe('C1 · D3 · --no-x is offered only where it can change the outcome', () => {
  it.each([
    ['a boolean that is off unless typed', {}, {}, false],
    ['a confirmation flag (env: false)', { env: false }, {}, false],
    ['a confirmation flag under an envPrefix', { env: false }, { envPrefix: 'TOOL' }, false],
    ['a boolean on by default', { default: true }, {}, true],
    ['a boolean off by default, said so', { default: false }, {}, false],
    ['a boolean read from its own variable', { env: 'TOOL_YES' }, {}, true],
    ['a boolean read through the envPrefix', {}, { envPrefix: 'TOOL' }, true],
    ['a boolean a config file may set', { env: false }, { config: true }, true],
    ['a boolean declared not negatable, on by default', { default: true, negatable: false }, {}, false],
  ] as const)('C1 · %s', (_, yes, program, offered) => {
    const flags = flagsOf(yes, program);
    expect(flags).toContain('--yes');
    expect(flags.includes('--no-yes')).toBe(offered);
  });
});
