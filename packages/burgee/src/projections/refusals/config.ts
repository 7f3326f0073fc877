/** Refusals of a config file (P3): each is a CONFIG error naming the file. */
import type { Refusal } from './refusal.js';
import { suggest } from './suggest.js';

/** Anything but a regular file where a config file was looked for (a FIFO would never be answered). */
export const notARegularFile = (path: string): Refusal => ({
  message: `config file ${path} is not a regular file`,
  hint: 'a config file must be a plain JSON file; a FIFO, socket, device or folder is never read',
});

/** A key that names no option and no command; `at` is its dotted path in the file. */
export function unknownConfigKey(path: string, at: string, key: string, known: readonly string[]): Refusal {
  const close = suggest(key, known);
  return {
    message: `config file ${path} has an unknown key "${at}"`,
    hint:
      close.length > 0
        ? `did you mean ${close.map((c) => `"${c}"`).join(' or ')}?`
        : 'keys are option names (camelCase) and command names, whose sections hold their options',
  };
}

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
export const notASection = (path: string, at: string, got: string): Refusal => ({
  message: `config file ${path}: "${at}" names a command, so its value must be an object of that command's options, not ${got}`,
  hint: `write "${at}": { "<option>": <value> }, or move the value to an option's key`,
});

/** A dotted path (`deploy.targets[2].name`), its middle left out past 160 characters. */
function shortPath(at: readonly (string | number)[]): string {
  const text = at.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
  return text.length <= 160 ? text : `${text.slice(0, 80)}…${text.slice(-79)}`;
}
