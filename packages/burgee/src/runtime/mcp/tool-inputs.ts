import type { ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { mayBeOnElsewhere, toPositionals, toText } from '../../projections/mcp/argv.js';
import type { ArgvContext } from '../../projections/mcp/types.js';
import type { ParsedArgv, RawFlag } from '../parse-argv.js';

/**
 * What `parseArgv` reads from the command line a tool call stands for (DESIGN M3), made from the
 * arguments directly instead of writing the words and reading them back: the same flags, values
 * and tokens. Undefined whenever the parser's judgement is needed (a key the command does not
 * declare, a value a boolean flag cannot take as given, positionals that cannot be words): those
 * calls take the command line itself, so they are refused exactly as on the CLI. The test beside
 * this file holds the two paths equal.
 */
export function toParsedArgv(
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  context: ArgvContext,
): ParsedArgv | undefined {
  const flags = new Map<string, RawFlag>();
  let known = 0;
  for (const option of command.options) {
    if (!Object.hasOwn(args, option.key)) continue;
    known++;
    const flag = toRawFlag(option, args[option.key], context);
    if (flag === null) return undefined;
    if (flag !== undefined) flags.set(option.key, flag);
  }
  for (const argument of command.arguments) if (Object.hasOwn(args, argument.name)) known++;
  if (known !== Object.keys(args).length) return undefined;
  // Most tools take no positional arguments; those that do are written as the command line would be.
  const positionals = command.arguments.length === 0 ? { argv: [] } : toPositionals(command, args, '');
  if ('refusal' in positionals) return undefined;
  return {
    command,
    globals: { json: true, help: false, all: false, schema: false, mcp: false, version: false, noConfig: false },
    flags,
    positionals: positionals.argv,
    passthrough: [],
  };
}

/** The flag one argument stands for: undefined when it writes no word, null when only the parser can tell. */
function toRawFlag(option: ManifestOption, value: unknown, context: ArgvContext): RawFlag | undefined | null {
  if (value === null || value === undefined) return undefined;
  if (option.type === 'boolean') {
    if (value === true) return { option, token: option.flag, kind: 'boolean', value: true };
    if (value !== false) return null;
    if (!mayBeOnElsewhere(option, context)) return undefined;
    const token = option.negatable ? `--no-${option.flag.slice(2)}` : option.flag;
    return { option, token, kind: 'boolean', value: false };
  }
  if (!Array.isArray(value)) {
    const text = toText(value);
    return {
      option,
      token: option.flag,
      kind: 'text',
      values: option.multiple ? text.split(option.separator) : [text],
    };
  }
  // One word per element, as `--flag=text`: a repeated option keeps the last, a multiple one all of
  // them, each split at the option's separator.
  if (value.some((element) => Array.isArray(element))) return null;
  const texts = value.filter((element) => element !== null && element !== undefined).map(toText);
  if (texts.length === 0) return undefined;
  const values = option.multiple ? texts.flatMap((text) => text.split(option.separator)) : [texts.at(-1)!];
  return { option, token: option.flag, kind: 'text', values };
}
