import {
  namesSubcommand,
  notAWord,
  readAsOption,
  skippedArgument,
  unknownArgument,
} from '../../errors/refusals/tool-arguments.js';
import { MCP_RESERVED_KEYS } from '../../manifest/globals.js';
import { isCamelCase, toKebab } from '../../manifest/names.js';
import type { ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import type { ArgvContext, ArgvRefusal, ToArgvResult } from './types.js';

/**
 * The command line a tool call runs (M3): `[path…, options…, "--json", positionals…]`, or as the
 * style of a foreign program's parser asks (ArgvStyle): commander's positionals follow a `--`,
 * yargs' come before the options. Valued options are written `--flag=value`, so no value is ever
 * read as a flag or a command name.
 */
export function toArgv(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  context: ArgvContext = {},
): ToArgvResult {
  // Only a refusal names the command: most calls never need the text.
  const where = () => [context.program ?? [], command.path].flat().join(' ') || command.name;
  const options = optionWords(command, args, context);
  if ('refusal' in options) return { refusal: unknownArgument(command, options.refusal, where()) };
  const json = context.jsonFlag === false ? [] : ['--json'];
  if (command.arguments.length === 0) return { argv: [...command.path, ...options.argv, ...json] };
  const style = context.positionals ?? 'last';
  const positionals = toPositionals(command, args, where(), style === 'separated');
  if ('refusal' in positionals) return positionals;
  if (style === 'first') return { argv: [...command.path, ...positionals.argv, ...options.argv, ...json] };
  const separator = style === 'separated' && positionals.argv.length > 0 ? ['--'] : [];
  return { argv: [...command.path, ...options.argv, ...json, ...separator, ...positionals.argv] };
}

/** The option words of a tool call, declared ones first; an unknown key's name when it cannot be written. */
function optionWords(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  context: ArgvContext,
): { argv: string[] } | { refusal: string } {
  const argv: string[] = [];
  let declared = 0;
  for (const option of command.options) {
    if (!Object.hasOwn(args, option.key)) continue;
    declared++;
    pushOptionWords(argv, option, args[option.key], context);
  }
  for (const argument of command.arguments) if (Object.hasOwn(args, argument.name)) declared++;
  // Every key was a declared one (the usual call): nothing left to write as an unknown flag.
  if (declared === Object.keys(args).length) return { argv };
  for (const [key, value] of Object.entries(args)) {
    if (command.options.some((o) => o.key === key) || command.arguments.some((a) => a.name === key)) continue;
    if (!isPassable(command, key)) return { refusal: key };
    const flag = `--${toKebab(key)}`;
    argv.push(value === true || value === null || value === undefined ? flag : `${flag}=${toText(value)}`);
  }
  return { argv };
}

function pushOptionWords(argv: string[], option: ManifestOption, value: unknown, context: ArgvContext): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const element of value) pushOptionWords(argv, option, element, context);
    return;
  }
  // A lone `--no-x` says false by being typed; leaving it off says true.
  if (option.negates === true && typeof value === 'boolean') {
    if (!value) argv.push(option.flag);
    return;
  }
  // A flag whose value may be left off says true alone, and false by its `--no-` form or by absence.
  if (option.valueOptional === true && typeof value === 'boolean') {
    if (value) argv.push(option.flag);
    else if (option.negatable) argv.push(`--no-${option.flag.slice(2)}`);
    return;
  }
  // A count is the flag typed that many times.
  if (option.count === true && typeof value === 'number') {
    for (let i = 0; i < value; i++) argv.push(option.flag);
  } else if (option.type === 'boolean' && value === true) argv.push(option.flag);
  else if (option.type === 'boolean' && value === false) {
    if (mayBeOnElsewhere(option, context) || (context.explicitFalse === true && option.negatable))
      argv.push(option.negatable ? `--no-${option.flag.slice(2)}` : `${option.flag}=false`);
  }
  // Anything else is handed over as text: the command validates it as it would on the CLI.
  else argv.push(`${option.flag}=${toText(value)}`);
}

/**
 * `false` is written out only when leaving the flag off could still switch the option on: a true
 * default, an environment variable, a config file (any option may be set there), or a required boolean.
 */
export const mayBeOnElsewhere = (option: ManifestOption, context: ArgvContext): boolean =>
  option.default === true || option.env !== undefined || context.config === true || option.required;

/**
 * An unknown key may be written as a flag only when the command's parser can read it as nothing but
 * unknown: burgee's own flags (`--help`, `--mcp`, `--config <file>` …) would answer to it instead.
 */
function isPassable(command: ManifestCommand, key: string): boolean {
  if (!isCamelCase(key) || MCP_RESERVED_KEYS.has(key)) return false;
  const flag = `--${toKebab(key)}`;
  return !command.options.some((o) => o.negatable && flag === `--no-${o.flag.slice(2)}`);
}

/**
 * The positional words of a tool call, or why its arguments cannot be written as words (M3). A word
 * that reads as a flag is refused, unless it follows a `--` (`separated`), which ends the options.
 */
export function toPositionals(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  where: string,
  separated = false,
): { argv: string[] } | { refusal: ArgvRefusal } {
  const given = command.arguments.map((argument) => argumentWords(argument, args[argument.name]));
  const last = given.findLastIndex((words) => words !== undefined);
  const argv: string[] = [];
  for (let index = 0; index <= last; index++) {
    const argument = command.arguments[index]!;
    const words = given[index];
    if (Array.isArray(words)) {
      argv.push(...words);
      continue;
    }
    if (words !== undefined) return { refusal: notAWord(argument, words) };
    // A gap before a later argument: positions would shift, so fill it or stop.
    if (argument.required) break; // the command itself refuses the missing argument, as on the CLI
    if (argument.default === undefined) return { refusal: skippedArgument(argument, command.arguments[last]!, where) };
    argv.push(...[argument.default].flat().map(toText));
  }
  const first = argv[0];
  if (first !== undefined && command.commands.some((child) => child.name === first)) {
    return { refusal: namesSubcommand(first, where) };
  }
  const flagLike = separated ? undefined : argv.find(readAsFlag);
  if (flagLike !== undefined) return { refusal: readAsOption(flagLike, where) };
  return { argv };
}

/** The words of one argument, undefined when absent, or a problem (as text) when it cannot be words. */
function argumentWords(argument: ManifestArgument, value: unknown): string[] | string | undefined {
  if (value === null || value === undefined) return undefined;
  const words = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined).map(toText);
  if (words.length === 0) return undefined;
  if (!argument.variadic && words.length > 1) return `takes one value, got ${words.length}`;
  return words;
}

/** What the parser reads as a flag rather than a positional: `--x`, `-x`, `--`; not `-` nor `-1`. */
const readAsFlag = (word: string): boolean =>
  word.startsWith('--') || (word.startsWith('-') && word.length > 1 && !/^-\d/.test(word));

/** How a value that is not a word already is written on the command line. */
export const toText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
