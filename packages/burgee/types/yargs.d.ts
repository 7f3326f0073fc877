// yargs ships no types; `@types/yargs` describes both yargs 17 and 18. burgee/yargs gives a program
// those types when it has them installed, and does not ask a JavaScript project to install them: a
// project without them must still type-check strictly (no skipLibCheck) against burgee's
// declarations. Written by hand, because a compiler drops these directives from the declarations
// it emits.
// @ts-ignore resolves only when @types/yargs is installed (yargs' own package has no types)
import type { Argv as TypedArgv } from 'yargs';

/** What a command does to the world (burgee's `Effects`, restated: this file imports nothing of burgee's). */
type CommandEffects = 'read_only' | 'idempotent' | 'non_idempotent' | 'withheld';

// Every instance a program touches (the factory's, a builder's, each chained call's) is yargs' own
// `Argv`, so `.effects()` is added to that interface rather than to a copy of it.
// @ts-ignore without @types/yargs there is no interface to add to, and the program sees `LooseArgv`
declare module 'yargs' {
  // biome-ignore lint/complexity/noBannedTypes: an augmentation restates @types/yargs' own default
  interface Argv<T = {}> {
    /** What running the command being built does to the world (M2); one that declares nothing is `undeclared`. */
    effects(value: CommandEffects): Argv<T>;
  }
}

/** A yargs instance without `@types/yargs`: `.effects()`, and every other method typed loosely. */
export type LooseArgv = {
  effects(value: CommandEffects): LooseArgv;
  // biome-ignore lint/suspicious/noExplicitAny: yargs' methods are untyped without @types/yargs
  [method: string]: any;
};

/**
 * `@types/yargs`' `Argv` when it is installed, else `LooseArgv`: the failed import above is `any`,
 * and where another declaration of the module `yargs` stands in (burgee's own build has one) the
 * interface is no more than the augmentation's.
 */
export type YargsArgv = 0 extends 1 & TypedArgv
  ? LooseArgv
  : TypedArgv extends { option: unknown }
    ? TypedArgv
    : LooseArgv;
