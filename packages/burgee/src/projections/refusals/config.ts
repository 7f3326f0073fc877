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
