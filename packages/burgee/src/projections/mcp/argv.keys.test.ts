import { describe, expect, it } from 'vitest';
import { toArgv } from './argv.js';
import { argv, copy, release } from './fixtures.js';

describe('M3 · unknown keys that the parser would not read as unknown are refused here', () => {
  it.each([
    'help',
    'json',
    'mcp',
    'schema',
    'version',
    'explain',
    'config',
    'noConfig',
    'format',
    'output',
    'field',
    'budget',
    'noVerify',
    'dry-run',
    'Yes',
    'a=b',
  ])('M3 · %s', (key) => {
    const result = toArgv(copy, { from: 'a', [key]: true }, { program: 'tool' });
    expect(result).toEqual({
      refusal: {
        message: `unknown argument ${JSON.stringify(key)} for tool copy`,
        hint: 'tool copy takes: from, to, mode, yes, verify, strict',
      },
    });
  });
});

describe("M3 · a foreign program's style: the line its own parser reads back to the call's values", () => {
  const yes = copy.options.find((o) => o.key === 'yes')!;
  const tag = release.options.find((o) => o.key === 'tag')!;
  const verbose = {
    ...yes,
    key: 'verbose',
    flag: '--verbose',
    type: 'number' as const,
    integer: true,
    count: true as const,
  };
  const colour = {
    ...yes,
    key: 'colour',
    flag: '--colour',
    type: 'string' as const,
    negatable: false,
    valueOptional: true as const,
  };
  const add = { ...copy, path: ['add'], name: 'add', options: [tag, yes, verbose, colour] };

  it('M3 · commander: positionals after the options and a `--`, so none is an option’s value and one may start with -', () => {
    const style = { positionals: 'separated', explicitFalse: true, jsonFlag: false } as const;
    expect(toArgv(add, { from: '-milk', tag: ['a', 'b'], colour: true }, style)).toEqual({
      argv: ['add', '--tag=a', '--tag=b', '--colour', '--', '-milk'],
    });
  });

  it('M3 · yargs: positionals first, as an array option takes every plain word after it', () => {
    const style = { positionals: 'first', explicitFalse: true, jsonFlag: false } as const;
    expect(toArgv(add, { from: 'milk', tag: ['a', 'b'] }, style)).toEqual({
      argv: ['add', 'milk', '--tag=a', '--tag=b'],
    });
    // yargs fills no positional from words after `--`: one that reads as a flag is still refused.
    expect(argv(toArgv(add, { from: '-milk' }, style))).toBe(
      'argument value "-milk" starts with "-", so add would read it as an option',
    );
  });

  it('M3 · false is typed where the parser tells it from absence; a count is its flag repeated; an optional value alone says true', () => {
    const style = { positionals: 'first', explicitFalse: true } as const;
    expect(toArgv(add, { from: 'a', yes: false, verbose: 3 }, style)).toEqual({
      argv: ['add', 'a', '--no-yes', '--verbose', '--verbose', '--verbose', '--json'],
    });
    expect(toArgv(add, { from: 'a', verbose: 0, colour: 'red' }, style)).toEqual({
      argv: ['add', 'a', '--colour=red', '--json'],
    });
    expect(toArgv(add, { from: 'a', colour: false })).toEqual({ argv: ['add', '--json', 'a'] });
  });
});
