import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../../../examples/ship/cli.mjs';
import { manifestOf } from '../../declaration/to-manifest.js';
import { toCallArgv } from './argument-types.js';
import { findToolCommand } from './tools.js';

const manifest = manifestOf(ship);
const release = findToolCommand(manifest, 'release')!;
const context = { program: manifest.name, config: manifest.config };

/** `levels` objects nested in one another, a number at the bottom. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('M6 · an argument nested deeper than any command line is refused, the same on every Node', () => {
  it.each([65, 5_000, 1_000_000])(
    'M6 · %i levels under an unknown key: "nested too deeply", not whatever JSON.stringify does there',
    (levels) => {
      expect(toCallArgv(release, { build: '1', bogus: nested(levels) }, context)).toEqual({
        refusal: { message: 'an argument is nested too deeply to read', hint: 'give each argument as a flat value' },
      });
    },
  );

  it('M6 · 64 levels are read as before: the unknown key is the refusal, from the parser', () => {
    const result = toCallArgv(release, { build: '1', bogus: nested(63) }, context);
    expect('argv' in result || 'refusal' in result).toBe(true);
    expect(JSON.stringify(result)).not.toContain('nested too deeply');
  });
});
