import type { ManifestArgument } from './types.js';

/** `dryRun` → `dry-run`. */
export const toKebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `dry-run` → `dryRun`. */
export const toCamel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `dryRun` → `DRY_RUN`, for derived environment variable names. */
export const toScreamingSnake = (key: string): string => toKebab(key).replace(/-/g, '_').toUpperCase();

/** camelCase keys: a lower-case letter first, then letters and digits. */
export const isCamelCase = (key: string): boolean => /^[a-z][a-zA-Z0-9]*$/.test(key);

/** The tool a program with an MCP tool budget adds to discover its groups' tools (M2). */
export const DISCOVERY_TOOL = 'discover_tools';

/** `<name>`, `[name]` or `<name...>`: the D4 spelling of an argument. */
export function argumentToken(argument: ManifestArgument): string {
  const name = argument.variadic ? `${argument.name}...` : argument.name;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/**
 * True for a name an environment variable can have on every platform a client runs on: letters,
 * digits and `_`, not starting with a digit. Anything else (`NAME=value`, `$NAME`) is refused.
 */
export const isVariableName = (text: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(text);
