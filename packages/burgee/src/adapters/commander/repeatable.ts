import type { Option } from 'commander';

/**
 * True when typing the option again adds a value rather than replacing one, so its values are a
 * list: commander's own variadic option (`--tag <t...>`), or one whose custom parser folds each
 * value into the previous ones (`.option('--tag <t>', 'tags', collect, [])`).
 *
 * commander hands such a parser `(value, previous)`, and nothing it keeps says whether the parser
 * reads `previous`. Calling the parser to find out would run the program's code while burgee only
 * reads it (a `--schema` whose output it could print into), so the rule reads the declaration
 * alone and claims a list only when all of these hold:
 * - the option takes a value, and its parser is a custom one (not a number parser, not commander's
 *   choices check, which replaces);
 * - its default is an array, as commander documents for such a parser: the first use folds into it;
 * - the parser declares a second parameter: one that declares none cannot see `previous`, so
 *   `(value) => value.split(',')` with a default of `[]` replaces its list on each use.
 * Anything else stays one value, which one use of the flag always gives: a list sent for it is
 * refused by name, never folded into its last element.
 */
export function foldsValues(option: Option, numberParser: boolean): boolean {
  if (option.variadic) return true;
  const parser = option.parseArg as unknown;
  if (typeof parser !== 'function' || numberParser) return false;
  if (option.negate || !(option.required || option.optional) || option.argChoices !== undefined) return false;
  return Array.isArray(option.defaultValue) && parser.length >= 2;
}

/** What each folded value is published as: numbers when the default's values all are, else words. */
export function foldedType(option: Option): 'string' | 'number' {
  const fallback: unknown = option.defaultValue;
  const numbers =
    Array.isArray(fallback) &&
    fallback.length > 0 &&
    fallback.every((value) => typeof value === 'number' && Number.isFinite(value));
  return numbers ? 'number' : 'string';
}
