/**
 * How commands, arguments and options are spelled for people. Help, the E5 `usage` object and
 * human errors all read these, so a flag is never written two ways.
 */

import { argumentToken } from '../../manifest/names.js';
import type { Manifest, ManifestCommand, ManifestOption, Scalar } from '../../manifest/types.js';
import { renderDeprecation } from '../human/deprecation.js';

export { argumentToken };

/** Options a person may see; hidden ones are left out of every human surface. */
export const visibleOptions = (command: ManifestCommand): ManifestOption[] =>
  command.options.filter((option) => !option.hidden);

/** Subcommands a person may see. */
export const visibleCommands = (command: ManifestCommand): ManifestCommand[] =>
  command.commands.filter((child) => !child.hidden);

/** True when the caller must pass the option: a default or a variable satisfies `required`, as in `--schema`. */
export const mustPass = (option: ManifestOption): boolean =>
  option.required && option.default === undefined && option.env === undefined;

/** True when the option is required and only its variable fills it without the flag: help says so. */
export const requiredUnlessEnv = (option: ManifestOption): boolean =>
  option.required && option.default === undefined && option.env !== undefined;

/** True when help shows `--[no-]x`: a negatable boolean that is on unless turned off. */
export const showsNegation = (option: ManifestOption): boolean =>
  option.type === 'boolean' && option.negatable && option.default === true;

/** The value placeholder, `<value>`, `<n>` or the declared one, `...` when repeatable; empty for booleans. */
export function optionPlaceholder(option: ManifestOption): string {
  if (option.type === 'boolean') return '';
  // Authors sometimes write the brackets themselves; accept both spellings.
  const declared = option.placeholder?.replace(/^<(.*)>$/, '$1');
  const word = declared ?? (option.type === 'number' ? 'n' : 'value');
  return `<${word}${option.multiple ? '...' : ''}>`;
}

/** The long spelling with its placeholder, `--target <value>` (or `--[no-]color` for one that is on by default). */
export function optionName(option: ManifestOption): string {
  // Both spellings, so the reader sees the way to turn it off without mistaking the description for what --no-x does.
  const flag = showsNegation(option) ? `--[no-]${option.flag.slice(2)}` : option.flag;
  const placeholder = optionPlaceholder(option);
  return placeholder === '' ? flag : `${flag} ${placeholder}`;
}

/** The full help spelling, `-t, --target <value>`. */
export function optionFlags(option: ManifestOption): string {
  // The short letter turns the option on, which changes nothing for an option that is on by default.
  const short = option.short !== undefined && !showsNegation(option) ? `-${option.short}, ` : '';
  return `${short}${optionName(option)}`;
}

/** The usage line without its label, `tool deploy [options] <file>`; shared by help and the E5 `usage`. */
export function renderUsageLine(manifest: Manifest, command: ManifestCommand): string {
  const words = [manifest.name, ...command.path];
  if (visibleOptions(command).length > 0) words.push('[options]');
  if (visibleCommands(command).length > 0) words.push(command.runnable ? '[command]' : '<command>');
  words.push(...command.arguments.map(argumentToken));
  return words.join(' ');
}

/** One line about a command for lists: its summary, else the first line of its description. */
export const commandSummary = (command: ManifestCommand): string =>
  command.summary ?? command.description?.split('\n')[0] ?? '';

/** `(deprecated: use X)`, the mark on deprecated options and commands, in the warning's own words (D3). */
export const deprecationNote = (deprecated: string): string => `(deprecated: ${renderDeprecation(deprecated)})`;

/** A default as help prints it: lists comma-separated, the empty string visible as `""`. */
export function formatDefault(value: Scalar | readonly Scalar[]): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value === '' ? '""' : String(value);
}

/** An example with the program name in front, unless the author already wrote it. */
export function exampleCommand(manifest: Manifest, command: string): string {
  return command === manifest.name || command.startsWith(`${manifest.name} `) ? command : `${manifest.name} ${command}`;
}
