/**
 * Positional arguments, from words to the values a handler reads (D4), in the steps of P6: bound to
 * their names (missing, extra), then read as their type, then checked against their choices. A
 * default never passes through here: the definition check already held it to the type and choices.
 */

import { refuse } from '../errors/errors.js';
import { argumentNotAChoice, argumentNotANumber } from '../errors/refusals/arguments.js';
import type { Scene } from '../errors/refusals/refusal.js';
import { missingArgument, unexpectedArgument } from '../errors/refusals/resolve.js';
import type { ArgumentValue, ManifestArgument } from '../manifest/types.js';
import { readNumber } from './coerce.js';

/** Each argument's value: a word (or words, variadic) as typed, its default, or undefined. */
export type BoundArguments = Record<string, ArgumentValue | ArgumentValue[] | undefined>;

/** The words the caller typed, and where each is in the command line. */
export type Positionals = { readonly words: readonly string[]; readonly at: readonly number[] };

/** Binds the words to the declared arguments, refusing a missing or an extra one. */
export function bindArguments(scene: Scene, positionals: readonly string[]): BoundArguments {
  const bound: BoundArguments = {};
  const declared = scene.command.arguments;
  const variadic = declared.at(-1)?.variadic === true;
  if (!variadic && positionals.length > declared.length) {
    throw refuse(unexpectedArgument(scene, positionals[declared.length]!), scene.command);
  }
  declared.forEach((arg, index) => {
    const value = arg.variadic ? positionals.slice(index) : positionals[index];
    const missing = value === undefined || (Array.isArray(value) && value.length === 0);
    if (missing && arg.required) throw refuse(missingArgument(scene, arg), scene.command);
    bound[arg.name] = missing ? (arg.default === undefined ? (arg.variadic ? [] : undefined) : arg.default) : value;
  });
  return bound;
}

/** One word the caller typed for a declared argument: which word it is, and its place in a variadic list. */
type TypedWord = { argument: ManifestArgument; word: number; item: number };

function* typedWords(scene: Scene, positionals: Positionals): Generator<TypedWord> {
  const declared = scene.command.arguments;
  for (let index = 0; index < declared.length && index < positionals.words.length; index++) {
    const argument = declared[index]!;
    const last = argument.variadic ? positionals.words.length : index + 1;
    for (let word = index; word < last; word++) yield { argument, word, item: argument.variadic ? word - index : -1 };
  }
}

/** Reads the words of `number` arguments as numbers (P4's decimal rule), refusing any that is not one. */
export function coerceArguments(scene: Scene, positionals: Positionals, bound: BoundArguments): void {
  if (!scene.command.arguments.some((argument) => argument.type === 'number')) return;
  for (const { argument, word, item } of typedWords(scene, positionals)) {
    if (argument.type !== 'number') continue;
    const number = readNumber(positionals.words[word]!);
    if (number === undefined) throw refuse(argumentNotANumber(scene, argument, positionals.at[word]!), scene.command);
    const value = bound[argument.name];
    if (Array.isArray(value)) value[item] = number;
    else bound[argument.name] = number;
  }
}

/** Refuses a typed value outside its argument's choices. */
export function checkArgumentChoices(scene: Scene, positionals: Positionals, bound: BoundArguments): void {
  if (!scene.command.arguments.some((argument) => argument.choices !== undefined)) return;
  for (const { argument, word, item } of typedWords(scene, positionals)) {
    if (argument.choices === undefined) continue;
    const value = bound[argument.name];
    const typed = Array.isArray(value) ? value[item] : value;
    if (typed !== undefined && !argument.choices.includes(typed))
      throw refuse(argumentNotAChoice(scene, argument, positionals.at[word]!), scene.command);
  }
}
