import { describe, expectTypeOf, it } from 'vitest';
import { defineCommand, defineProgram } from './define.js';

describe('D6 · ctx.options and ctx.args are inferred from the literal declaration', () => {
  it('D6 · required or defaulted → non-optional; choices → union; multiple → array; number → number', () => {
    defineCommand({
      name: 'deploy',
      effects: 'non_idempotent',
      options: {
        target: { type: 'string', required: true },
        yes: { type: 'boolean' },
        region: { type: 'string', choices: ['eu', 'us'], default: 'eu' },
        level: { type: 'number', choices: [1, 2, 3] },
        port: { type: 'number', default: 80 },
        tag: { type: 'string', multiple: true },
        retries: { type: 'number' },
      },
      arguments: [{ name: 'source' }, { name: 'rest', variadic: true }],
      run: (ctx) => {
        expectTypeOf(ctx.options.target).toEqualTypeOf<string>();
        expectTypeOf(ctx.options.yes).toEqualTypeOf<boolean | undefined>();
        expectTypeOf(ctx.options.region).toEqualTypeOf<'eu' | 'us'>();
        expectTypeOf(ctx.options.level).toEqualTypeOf<1 | 2 | 3 | undefined>();
        expectTypeOf(ctx.options.port).toEqualTypeOf<number>();
        expectTypeOf(ctx.options.tag).toEqualTypeOf<string[] | undefined>();
        expectTypeOf(ctx.options.retries).toEqualTypeOf<number | undefined>();
        expectTypeOf(ctx.args.source).toEqualTypeOf<string>();
        expectTypeOf(ctx.args.rest).toEqualTypeOf<string[]>();
        expectTypeOf(ctx.agent).toEqualTypeOf<string | undefined>();
        // @ts-expect-error an undeclared option does not exist on ctx.options
        ctx.options.nope;
        return null;
      },
    });
  });

  it('D6 · an optional argument without a default may be undefined', () => {
    defineCommand({
      name: 'get',
      effects: 'read_only',
      arguments: [{ name: 'key', required: false }],
      run: (ctx) => {
        expectTypeOf(ctx.args.key).toEqualTypeOf<string | undefined>();
      },
    });
  });

  it('D4 · a number argument is a number; choices are their union; variadic is an array; optional may be undefined', () => {
    defineCommand({
      name: 'scale',
      effects: 'idempotent',
      arguments: [
        { name: 'replicas', type: 'number' },
        { name: 'region', choices: ['eu', 'us'] as const },
        { name: 'level', type: 'number', choices: [1, 2, 3], required: false },
        { name: 'zone', required: false, default: 'a' },
        { name: 'ports', type: 'number', variadic: true },
      ],
      run: (ctx) => {
        expectTypeOf(ctx.args.replicas).toEqualTypeOf<number>();
        expectTypeOf(ctx.args.region).toEqualTypeOf<'eu' | 'us'>();
        expectTypeOf(ctx.args.level).toEqualTypeOf<1 | 2 | 3 | undefined>();
        expectTypeOf(ctx.args.zone).toEqualTypeOf<string>();
        expectTypeOf(ctx.args.ports).toEqualTypeOf<number[]>();
        // @ts-expect-error a number argument is not a string
        ctx.args.replicas.toUpperCase();
      },
    });
  });

  it('D4 · an argument type outside string and number does not compile', () => {
    // @ts-expect-error a yes/no is an option, not an argument
    defineCommand({ name: 'a', effects: 'read_only', arguments: [{ name: 'on', type: 'boolean' }], run: () => null });
  });

  it('D2 · a runnable command without effects does not compile; a group is not asked', () => {
    const run = () => null;
    // @ts-expect-error a command with run declares effects
    defineCommand({ name: 'a', run });
    // @ts-expect-error a command with load declares effects
    defineCommand({ name: 'a', load: async () => run });
    // @ts-expect-error run and load together
    defineCommand({ name: 'a', effects: 'read_only', run, load: async () => run });
    const child = defineCommand({ name: 'get', effects: 'read_only', run });
    expectTypeOf(defineCommand({ name: 'config', commands: [child] })).toEqualTypeOf(child);
  });

  it('D2 · effects only accepts the four declared values', () => {
    // @ts-expect-error 'safe' is not an effect
    defineCommand({ name: 'x', effects: 'safe', run: () => null });
  });

  it('B1 · task takes optional or required, on a command that runs something', () => {
    defineCommand({ name: 'x', effects: 'non_idempotent', task: 'optional', run: () => null });
    defineCommand({ name: 'x', effects: 'read_only', task: 'required', load: async () => () => null });
    // @ts-expect-error 'long' is not a task support
    defineCommand({ name: 'x', effects: 'read_only', task: 'long', run: () => null });
  });
});

describe('D6 · a prompt binding makes the value present', () => {
  it('A6 · D6 · a prompted option is non-optional in ctx.options; ctx.ask returns typed answers', () => {
    defineCommand({
      name: 'init',
      effects: 'non_idempotent',
      options: {
        name: { type: 'string', prompt: { message: 'Name?' } },
        region: { type: 'string', choices: ['eu', 'us'], prompt: { message: 'Region?' } },
        note: { type: 'string' },
      },
      run: async (ctx) => {
        expectTypeOf(ctx.options.name).toEqualTypeOf<string>();
        expectTypeOf(ctx.options.region).toEqualTypeOf<'eu' | 'us'>();
        expectTypeOf(ctx.options.note).toEqualTypeOf<string | undefined>();
        expectTypeOf(await ctx.ask.confirm({ message: 'Go?' })).toEqualTypeOf<boolean>();
        expectTypeOf(
          await ctx.ask.select({ message: 'Size?', options: [{ value: 1 }, { value: 2 }] }),
        ).toEqualTypeOf<number>();
        // @ts-expect-error the run decides --json and the terminal, not the handler
        await ctx.ask.text({ message: 'Name?', json: false });
      },
    });
  });
});

describe('D3 · a complete function is typed where it is written', () => {
  it('D3 · its request is a CompleteRequest, with no annotation, and inference of the options still holds', () => {
    defineCommand({
      name: 'x',
      effects: 'read_only',
      options: {
        region: {
          type: 'string',
          complete: async ({ partial, env }) => {
            expectTypeOf(partial).toEqualTypeOf<string>();
            expectTypeOf(env).toEqualTypeOf<Readonly<Record<string, string | undefined>>>();
            return [partial];
          },
        },
        n: { type: 'number', default: 2 },
      },
      run: (ctx) => {
        expectTypeOf(ctx.options.region).toEqualTypeOf<string | undefined>();
        expectTypeOf(ctx.options.n).toEqualTypeOf<number>();
      },
    });
  });
});

describe('X2 · check.ignore names rules of burgee check', () => {
  it('X2 · a known rule id compiles, a misspelt one does not, on a command and on a program', () => {
    const ok = defineCommand({
      name: 'x',
      effects: 'read_only',
      check: { ignore: ['missing-example'] },
      run: () => null,
    });
    // @ts-expect-error 'missing-exmple' is no rule id
    defineCommand({ name: 'y', effects: 'read_only', check: { ignore: ['missing-exmple'] }, run: () => null });
    defineProgram({ name: 'p', commands: [ok], check: { ignore: ['schema-over-budget'] } });
    // @ts-expect-error nor is 'everything'
    defineProgram({ name: 'p', commands: [ok], check: { ignore: ['everything'] } });
  });
});
