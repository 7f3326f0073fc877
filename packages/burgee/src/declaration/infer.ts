/**
 * What a handler's `ctx.options` and `ctx.args` are, read from the literal declaration (D6): the
 * types say what the parser will have checked by the time the handler runs.
 */
import type { ArgumentSpec, ArgumentSpecs, OptionSpec, OptionSpecs } from './types.js';

type BaseValue<O extends OptionSpec> = O extends { readonly choices: readonly (infer C)[] }
  ? C
  : O['type'] extends 'string'
    ? string
    : O['type'] extends 'number'
      ? number
      : boolean;
type OptionValue<O extends OptionSpec> = O extends { readonly multiple: true } ? BaseValue<O>[] : BaseValue<O>;
// Given, defaulted, or bound to a prompt (A6: asked for, or the run is refused) before the handler runs.
type IsPresent<O> = O extends { readonly required: true } | { readonly default: unknown } | { readonly prompt: object }
  ? true
  : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The handler's `ctx.options`, inferred from the literal declaration (D6). */
export type InferOptions<O extends OptionSpecs> = Simplify<
  { -readonly [K in keyof O as IsPresent<O[K]> extends true ? K : never]: OptionValue<O[K]> } & {
    -readonly [K in keyof O as IsPresent<O[K]> extends true ? never : K]?: OptionValue<O[K]> | undefined;
  }
>;

// An argument's word, once coerced: its choices' union, else its type (D4).
type ArgumentScalar<A extends ArgumentSpec> = A extends { readonly choices: readonly (infer C)[] }
  ? C
  : A extends { readonly type: 'number' }
    ? number
    : string;
type ArgumentValue<A extends ArgumentSpec> = A extends { readonly variadic: true }
  ? ArgumentScalar<A>[]
  : A extends { readonly required: false }
    ? A extends { readonly default: string | number }
      ? ArgumentScalar<A>
      : ArgumentScalar<A> | undefined
    : ArgumentScalar<A>;

/** The handler's `ctx.args`, inferred from the literal declaration. */
export type InferArguments<A extends ArgumentSpecs> = Simplify<{
  -readonly [E in A[number] as E['name']]: ArgumentValue<E>;
}>;
