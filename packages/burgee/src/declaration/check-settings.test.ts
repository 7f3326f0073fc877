import { describe, expect, it } from 'vitest';
import { CHECK_RULE_IDS } from '../manifest/check-rules.js';
import { defineCommand, defineProgram } from './define.js';
import { DefinitionError } from './errors.js';
import { buildManifest } from './to-manifest.js';

const loose = (check: unknown) => () =>
  defineCommand({ name: 'deploy', effects: 'read_only', run: () => null, check } as never);

describe('check settings on a declaration', () => {
  it('X2 · an unknown rule id is refused at definition, naming it and every known rule', () => {
    expect(loose({ ignore: ['missing-exmple'] })).toThrow(DefinitionError);
    expect(loose({ ignore: ['missing-exmple'] })).toThrow(
      `burgee: command "deploy" ignores "missing-exmple", which is no rule of burgee check; the rules are ${CHECK_RULE_IDS.join(', ')}`,
    );
    expect(() => defineProgram({ name: 'tool', commands: [], check: { ignore: ['nope'] } } as never)).toThrow(
      /program "tool" ignores "nope", which is no rule of burgee check/,
    );
  });

  it.each([[null], ['missing-example'], [{ ignore: 'missing-example' }], [{ ignore: [1] }]])(
    'X2 · check settings of another shape (%j) are refused with the shape to write',
    (check) => {
      expect(loose(check)).toThrow(DefinitionError);
    },
  );

  it('X2 · the rule ids are stable kebab-case, each once', () => {
    for (const id of CHECK_RULE_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(CHECK_RULE_IDS).size).toBe(CHECK_RULE_IDS.length);
  });

  it('X2 · known ids reach the manifest, for the command and for the program', () => {
    const deploy = defineCommand({
      name: 'deploy',
      effects: 'read_only',
      check: { ignore: ['missing-example', 'missing-description'] },
      run: () => null,
    });
    const manifest = buildManifest(
      defineProgram({ name: 'tool', commands: [deploy], check: { ignore: ['schema-over-budget'] } }),
    );
    expect(manifest.check).toEqual({ ignore: ['schema-over-budget'] });
    expect(manifest.root.commands[0]!.check).toEqual({ ignore: ['missing-example', 'missing-description'] });
    expect(buildManifest(defineProgram({ name: 'tool', commands: [] })).check).toBeUndefined();
  });
});
