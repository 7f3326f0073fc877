/** Refusals of a config file (P3): each is a CONFIG error naming the file. */
import type { Refusal } from './refusal.js';
import { suggest } from './suggest.js';

/** Anything but a regular file where a config file was looked for (a FIFO would never be answered). */
export const notARegularFile = (path: string): Refusal => ({
  message: `config file ${path} is not a regular file`,
  hint: 'a config file must be a plain JSON file; a FIFO, socket, device or folder is never read',
});

/** A line and column in a config file; undefined when the scan could not find the place. */
export type FilePlace = { line: number; column: number } | undefined;

/** ` (line 3, column 9)`, or nothing when the place is not known. */
export const placeText = (place: FilePlace): string =>
  place === undefined ? '' : ` (line ${place.line}, column ${place.column})`;

/** A key of a config file that was refused: the file, the key's dotted path and where it is written. */
export type ConfigKey = { file: string; at: string; place: FilePlace };

/**
 * A key that names nothing the section's command (or a command under it) reads; `known` is what it
 * may hold, `top` whether it is the file's top level.
 */
export function unknownConfigKey(
  where: ConfigKey,
  section: { command: string; top: boolean; known: readonly string[] },
): Refusal {
  const key = where.at.slice(where.at.lastIndexOf('.') + 1);
  const close = suggest(key, section.known);
  const within = where.at.slice(0, Math.max(0, where.at.lastIndexOf('.')));
  const listed = section.known.length <= 8 ? section.known.join(', ') : `${section.known.slice(0, 8).join(', ')}, …`;
  return {
    message: `config file ${where.file} has an unknown key "${where.at}"${placeText(where.place)}`,
    hint:
      close.length > 0
        ? `did you mean ${close.map((c) => `"${c}"`).join(' or ')}?`
        : section.top
          ? 'keys are option names (camelCase) and command names, whose sections hold their options'
          : `"${within}" holds what ${section.command} reads: ${listed || 'nothing, it declares no options'}`,
  };
}

/** A key for an option that the section's command does not declare but others do; `sections` are where it belongs. */
export function misplacedOption(
  where: ConfigKey,
  here: string,
  owners: readonly string[],
  sections: readonly string[],
): Refusal {
  const into = sections.filter((s) => s !== '').map((s) => `into "${s}"`);
  return {
    message: `config file ${where.file}: "${where.at}"${placeText(where.place)} is not an option of ${here}; ${few(owners)} ${owners.length === 1 ? 'has' : 'have'} it`,
    hint: `move it ${[...into.slice(0, 3), 'to the top level'].join(', or ')}, which every command with that option reads`,
  };
}

/** `a, b, c and 4 more`: a list that stays one line however many commands share an option. */
const few = (names: readonly string[]): string =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/** A command's section written where that command is not: it belongs at `section`. */
export const misplacedSection = (where: ConfigKey, command: string, section: string): Refusal => ({
  message: `config file ${where.file}: "${where.at}"${placeText(where.place)} is no command there, so nothing reads it`,
  hint: `the section of ${command} is "${section}"`,
});

/** The most bytes a config file may hold; a larger one is refused before it is read. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** The deepest nesting of objects and arrays a config file may hold (the outermost object is level 1). */
export const MAX_CONFIG_DEPTH = 64;

/** A config file over MAX_CONFIG_BYTES: no option needs that much, and reading it would hold up every run. */
export const configTooLarge = (path: string, bytes: number): Refusal => ({
  message: `config file ${path} holds ${bytes} bytes, more than the 4 MiB (${MAX_CONFIG_BYTES} bytes) a config file may hold`,
  hint: 'a config file holds option values; keep large data in a file of its own and give its path as an option',
});

/** Nesting past MAX_CONFIG_DEPTH; `at` names the keys and indexes that lead to the container refused. */
export const configTooDeep = (
  path: string,
  at: readonly (string | number)[],
  line: number,
  column: number,
): Refusal => ({
  message: `config file ${path} nests deeper than ${MAX_CONFIG_DEPTH} levels at "${shortPath(at)}" (line ${line}, column ${column})`,
  hint: `options and command sections need a few levels; flatten ${path}`,
});

/** A command's section that holds anything but an object of that command's options. */
export const notASection = (where: ConfigKey, got: string): Refusal => ({
  message: `config file ${where.file}: "${where.at}"${placeText(where.place)} names a command, so its value must be an object of that command's options, not ${got}`,
  hint: `write "${where.at.slice(where.at.lastIndexOf('.') + 1)}": { "<option>": <value> }, or move the value to an option's key`,
});

/** A dotted path (`deploy.targets[2].name`), its middle left out past 160 characters. */
function shortPath(at: readonly (string | number)[]): string {
  const text = at.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
  return text.length <= 160 ? text : `${text.slice(0, 80)}…${text.slice(-79)}`;
}
