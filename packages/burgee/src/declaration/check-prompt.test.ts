import { describe, expect, it } from 'vitest';
import { defineCommand, toProgram } from './define.js';
import { buildManifest } from './to-manifest.js';
import type { OptionSpec } from './types.js';

const command = (spec: OptionSpec) =>
  defineCommand({ name: 'init', effects: 'non_idempotent', options: { name: spec }, run: () => null });

const refusal = (spec: OptionSpec): string => {
  try {
    command(spec);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('A6 · D3 · prompt bindings are checked at definition, and their kind inferred', () => {
  it.each<[OptionSpec, string]>([
    [{ type: 'string', prompt: { message: 'Name?' } }, 'text'],
    [{ type: 'number', prompt: { message: 'How many?' } }, 'text'],
    [{ type: 'string', secret: true, prompt: { message: 'Token?' } }, 'password'],
    [{ type: 'boolean', prompt: { message: 'Sure?' } }, 'confirm'],
    [{ type: 'string', choices: ['a', 'b'], prompt: { message: 'Which?' } }, 'select'],
    [{ type: 'string', choices: ['a', 'b'], multiple: true, prompt: { message: 'Which ones?' } }, 'multiselect'],
    [{ type: 'string', prompt: { message: 'Where?', kind: 'path' } }, 'path'],
  ])('A6 · %j asks with a %s prompt', (spec, kind) => {
    const manifest = buildManifest(toProgram(command(spec)));
    expect(manifest.root.options.find((o) => o.key === 'name')?.prompt).toEqual({
      message: spec.prompt!.message,
      kind,
    });
  });

  it('A6 · a kind that cannot fill the option, an unknown kind or an empty message is refused with its remedy', () => {
    expect(refusal({ type: 'string', prompt: { message: 'Sure?', kind: 'confirm' } })).toContain(
      'option "name" has a confirm prompt, which needs a boolean option; change the kind or leave it out',
    );
    expect(refusal({ type: 'string', prompt: { message: 'Which?', kind: 'select' } })).toContain(
      'has a select prompt, which needs an option with choices',
    );
    expect(refusal({ type: 'string', prompt: { message: 'Hm?', kind: 'color' as never } })).toContain(
      'has prompt kind "color"; use one of text, password, path, confirm, select, multiselect, or leave it out',
    );
    expect(refusal({ type: 'string', prompt: { message: '' } })).toContain(
      "has a prompt without a message; write prompt: { message: 'the question' }",
    );
    expect(refusal({ type: 'string', choices: ['a'], prompt: { message: 'Which?', kind: 'select' } })).toBe('accepted');
  });
});
