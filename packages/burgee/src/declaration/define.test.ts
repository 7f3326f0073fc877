import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from './define.js';
import { DefinitionError } from './errors.js';

const noop = () => null;
const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as Error).message;
  }
  throw new Error('expected a DefinitionError');
};

describe('definition-time checks', () => {
  it('D2 · a runnable command without effects is refused with every remedy named', () => {
    // @ts-expect-error the types refuse it too; plain JavaScript reaches the check
    expect(refused(() => defineCommand({ name: 'deploy', run: noop }))).toBe(
      'burgee: command "deploy" is runnable and declares no effects; declare read_only, idempotent, non_idempotent — or withheld, which serves it to people and keeps it out of the MCP tool list',
    );
  });

  it('D2 · an effects value outside the four is refused; a lazy command is asked too', () => {
    expect(refused(() => defineCommand({ name: 'x', effects: 'safe' as never, run: noop }))).toContain(
      'declares effects "safe"',
    );
    // @ts-expect-error the types refuse it too; plain JavaScript reaches the check
    expect(refused(() => defineCommand({ name: 'x', load: async () => noop }))).toContain('declares no effects');
  });

  it('B1 · task is optional or required, on a command that runs something', () => {
    expect(() => defineCommand({ name: 'x', effects: 'non_idempotent', task: 'optional', run: noop })).not.toThrow();
    expect(() => defineCommand({ name: 'x', effects: 'read_only', task: 'required', run: noop })).not.toThrow();
    expect(refused(() => defineCommand({ name: 'x', effects: 'read_only', task: 'long' as never, run: noop }))).toBe(
      `burgee: command "x" declares task "long"; declare task: 'optional' (a caller may run it as a task) or 'required' (only as a task)`,
    );
    const child = defineCommand({ name: 'get', effects: 'read_only', run: noop });
    // @ts-expect-error a group runs nothing; the types refuse it too
    expect(refused(() => defineCommand({ name: 'config', task: 'optional', commands: [child] }))).toBe(
      'burgee: command "config" declares task but runs nothing; declare it on the subcommand that does the long work',
    );
  });

  it('D2 · a group (subcommands, no handler) is not asked for effects', () => {
    const child = defineCommand({ name: 'get', effects: 'read_only', run: noop });
    expect(() => defineCommand({ name: 'config', commands: [child] })).not.toThrow();
  });

  it.each(['json', 'help', 'schema', 'mcp', 'version', 'explain'])('D5 · the reserved option %s is refused', (key) => {
    expect(
      refused(() =>
        defineCommand({ name: 'x', effects: 'read_only', run: noop, options: { [key]: { type: 'boolean' } } }),
      ),
    ).toContain(`option "${key}" is reserved`);
  });

  it("D5 · two keys meeting on one flag are refused (a key against another boolean's --no- form)", () => {
    const message = refused(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        options: { color: { type: 'boolean' }, noColor: { type: 'boolean' } },
      }),
    );
    expect(message).toContain('options "color" and "noColor" both use --no-color');
  });

  it('D5 · duplicate short, non-camelCase key, minimum/integer on a non-number, mismatched choices are refused, all at once', () => {
    const message = refused(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        options: {
          alpha: { type: 'string', short: 'a' },
          again: { type: 'string', short: 'a' },
          'dry-run': { type: 'boolean' },
          size: { type: 'string', minimum: 1, integer: true },
          level: { type: 'number', choices: ['low', 2] },
        },
      }),
    );
    expect(message).toContain('5 problems');
    expect(message).toContain('options "alpha" and "again" both use -a');
    expect(message).toContain('option "dry-run" is not camelCase');
    expect(message).toContain('option "size" declares minimum but is a string');
    expect(message).toContain('option "size" declares integer but is a string');
    expect(message).toContain('option "level" has choice "low" which is not a number');
  });

  it('D4 · a required argument after an optional one, and a variadic one not last, are refused', () => {
    const message = refused(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        arguments: [{ name: 'files', variadic: true }, { name: 'maybe', required: false }, { name: 'last' }],
      }),
    );
    expect(message).toContain('argument "files" is variadic but not last');
    expect(message).toContain('argument "last" is required but follows an optional argument');
  });

  it('D4 · an argument type other than string or number, and choices or a default that do not match it, are refused', () => {
    const message = refused(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        arguments: [
          { name: 'flag', type: 'boolean' as never },
          { name: 'count', type: 'number', choices: [1, 'two'] },
          { name: 'region', choices: ['eu', 'us'], default: 'asia' },
          { name: 'size', type: 'number', default: '5' as never },
          { name: 'mode', required: false, choices: [] },
          { name: 'files', default: ['a'] },
        ],
      }),
    );
    expect(message).toContain('6 problems');
    expect(message).toContain('argument "flag" has type "boolean"; use string or number; a yes/no is an option');
    expect(message).toContain('argument "count" has choice "two" which is not a number; make every choice a number');
    expect(message).toContain('argument "region" has default "asia" outside its choices');
    expect(message).toContain('argument "size" has default "5" which is not a number');
    expect(message).toContain('argument "mode" has no choices; list at least one or drop choices');
    expect(message).toContain('argument "files" has an array default but is not variadic');
  });

  it('D4 · a typed argument whose choices and default agree is accepted', () => {
    expect(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        arguments: [
          { name: 'count', type: 'number', choices: [1, 2], default: 1 },
          { name: 'rest', type: 'number', variadic: true, default: [2] },
        ],
      }),
    ).not.toThrow();
  });

  it('D1 · fields must be a list of column names, each named once', () => {
    const run = () => [];
    expect(refused(() => defineCommand({ name: 'x', effects: 'read_only', fields: [], run }))).toContain(
      'fields that are not a list of column names',
    );
    expect(refused(() => defineCommand({ name: 'x', effects: 'read_only', fields: ['a', 'a'], run }))).toContain(
      'lists the field "a" twice',
    );
  });

  it('D1 · run and load together, and a command with neither nor subcommands, are refused', () => {
    expect(
      // @ts-expect-error the types refuse it too; plain JavaScript reaches the check
      refused(() => defineCommand({ name: 'x', effects: 'read_only', run: noop, load: async () => noop })),
    ).toContain('both run and load');
    // @ts-expect-error the types refuse it too; plain JavaScript reaches the check
    expect(refused(() => defineCommand({ name: 'x' }))).toContain('no run, no load and no subcommands');
  });

  it('M2 · a command path that cannot be an MCP tool name is refused at definition', () => {
    const long = 'a'.repeat(70);
    const inner = defineCommand({ name: long, effects: 'read_only', run: noop });
    expect(
      refused(() => defineProgram({ name: 'p', commands: [defineCommand({ name: long, commands: [inner] })] })),
    ).toContain('longer than 128 characters');
    expect(refused(() => defineCommand({ name: 'Bad Name', effects: 'read_only', run: noop }))).toContain(
      'invalid name',
    );
  });

  it('D1 · a program with two commands of one name, or a bad envPrefix, is refused', () => {
    const a = defineCommand({ name: 'a', effects: 'read_only', run: noop });
    expect(refused(() => defineProgram({ name: 'p', commands: [a, a] }))).toContain('two commands named "a"');
    expect(refused(() => defineProgram({ name: 'p', envPrefix: 'lower', commands: [a] }))).toContain(
      'envPrefix "lower"',
    );
  });

  it('D3 · defaults must match type and choices; required with a default is refused', () => {
    const message = refused(() =>
      defineCommand({
        name: 'x',
        effects: 'read_only',
        run: noop,
        options: {
          mode: { type: 'string', choices: ['a', 'b'], default: 'c' },
          port: { type: 'number', default: '80' as never },
          name: { type: 'string', required: true, default: 'n' },
        },
      }),
    );
    expect(message).toContain('default "c" outside its choices');
    expect(message).toContain('default "80" which is not a number');
    expect(message).toContain('is required and has a default');
  });

  it('D3 · an option with an empty list of choices is refused, as an argument is: no value could pass', () => {
    const message = refused(() =>
      defineCommand({ name: 'x', effects: 'read_only', run: noop, options: { mode: { type: 'string', choices: [] } } }),
    );
    expect(message).toContain('option "mode" has no choices; list at least one or drop choices');
  });
});
