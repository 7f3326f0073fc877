import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../../examples/ship/cli.mjs';
import { manifestOf } from '../declaration/to-manifest.js';
import { coerce } from './coerce.js';

const status = manifestOf(ship).root.commands.find((command) => command.name === 'status')!;
const boolean = status.options.find((option) => option.type === 'boolean')!;

describe('P4 · a boolean read from words, and from a value of another JSON type', () => {
  it.each(['1', 'yes', 'TRUE'])('P4 · the word %s on a command line is true', (word) => {
    expect(coerce(boolean, { source: 'flag', location: boolean.flag, raw: word })).toEqual({ value: true });
  });

  it('Q1 · P6 · the number 1 as a question’s answer is refused as what it is: not true or false (probe: boolean-answer-number)', () => {
    const result = coerce(boolean, { source: 'flag', location: boolean.flag, raw: 1 });
    expect(result).toMatchObject({ problem: { message: `${boolean.flag} expects true or false, got 1` } });
  });
});
