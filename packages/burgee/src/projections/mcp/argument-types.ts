import type { ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { toArgv } from './argv.js';
import type { ArgvContext, ArgvRefusal, ToArgvResult } from './types.js';

/** The JSON type a tool's inputSchema gives one property, and a check for it. */
type Expected = { name: string; fits: (value: unknown) => boolean };

const STRING: Expected = { name: 'a string', fits: (value) => typeof value === 'string' };
const NUMBER: Expected = { name: 'a number', fits: (value) => typeof value === 'number' && Number.isFinite(value) };
const INTEGER: Expected = { name: 'an integer', fits: (value) => typeof value === 'number' && Number.isInteger(value) };
const BOOLEAN: Expected = { name: 'a boolean', fits: (value) => typeof value === 'boolean' };

const listOf = (item: Expected): Expected => ({
  name: `an array of ${item.name.replace(/^an? /, '')}s`,
  fits: (value) => Array.isArray(value) && value.every(item.fits),
});

const STRING_OR_BOOLEAN: Expected = {
  name: 'a string, or true for the flag alone',
  fits: (value) => typeof value === 'string' || typeof value === 'boolean',
};

function optionType(option: ManifestOption): Expected {
  if (option.valueOptional === true && !option.multiple) return STRING_OR_BOOLEAN;
  const scalar =
    option.type === 'boolean' ? BOOLEAN : option.type === 'string' ? STRING : option.integer ? INTEGER : NUMBER;
  return option.multiple ? listOf(scalar) : scalar;
}

function argumentType(argument: ManifestArgument): Expected {
  const scalar = argument.type === 'number' ? NUMBER : STRING;
  return argument.variadic ? listOf(scalar) : scalar;
}

/**
 * Checks each declared argument of a tool call against the JSON type its inputSchema gives it
 * (M3), before anything is written as a command line: an object is never turned into its JSON
 * text, an array never into its last element, a number never into `true`, and `null` is not a
 * string (an argument left out is absent; one given as `null` is of the wrong type, as the
 * inputSchema says). Names the argument and the type; never echoes the value, which may be a secret. Keys the command does not declare are left to the command to refuse.
 */
export function checkArgumentTypes(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
): ArgvRefusal | undefined {
  for (const { key, expected } of expectedTypes(command)) {
    const refusal = check(key, expected, args);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

const typesOf = new WeakMap<ManifestCommand, readonly { key: string; expected: Expected }[]>();

/** Each declared key and its JSON type, derived once per command rather than on every call. */
function expectedTypes(command: ManifestCommand): readonly { key: string; expected: Expected }[] {
  let types = typesOf.get(command);
  if (types === undefined) {
    types = [
      ...command.arguments.map((argument) => ({ key: argument.name, expected: argumentType(argument) })),
      ...command.options.map((option) => ({ key: option.key, expected: optionType(option) })),
    ];
    typesOf.set(command, types);
  }
  return types;
}

function check(key: string, expected: Expected, args: Readonly<Record<string, unknown>>): ArgvRefusal | undefined {
  if (!Object.hasOwn(args, key)) return undefined;
  const value = args[key];
  if (expected.fits(value)) return undefined;
  return {
    message: `argument ${JSON.stringify(key)} expects ${expected.name}, got ${kindOf(value, expected)}`,
    hint: `give ${JSON.stringify(key)} as ${expected.name}, as the tool's inputSchema says; values are never converted`,
  };
}

/** What a JSON value is, without its content. */
function kindOf(value: unknown, expected: Expected): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return expected.name.startsWith('an array') ? 'an element of another type' : 'an array';
  if (typeof value === 'number') return expected === INTEGER ? 'a number with a fraction' : 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** How deep an argument may nest: a flag's value is flat, and no command line holds more (M6). */
const MAX_DEPTH = 64;

const TOO_DEEP = { message: 'an argument is nested too deeply to read', hint: 'give each argument as a flat value' };

/**
 * The command line of a tool call (M3): types checked first, so a value of the wrong JSON type is
 * refused rather than written out as something else; then `toArgv`. A value nested deeper than
 * MAX_DEPTH (JSON.parse reads thousands of levels) is refused as the caller's input, the same on
 * every Node, whether or not its JSON.stringify would run out of stack on it.
 */
export function toCallArgv(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  context: ArgvContext,
): ToArgvResult {
  if (nestedDeeperThan(args, MAX_DEPTH)) return { refusal: { ...TOO_DEEP } };
  const mistyped = checkArgumentTypes(command, args);
  if (mistyped !== undefined) return { refusal: mistyped };
  try {
    return toArgv(command, args, context);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { refusal: { ...TOO_DEEP } };
  }
}

/** Whether `value` holds objects or arrays more than `limit` levels deep; walked without recursion. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
