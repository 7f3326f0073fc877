/**
 * The command line a `fix` proposes (E5, E8), written from the words the caller typed as the parser
 * read them. Each word knows whether it holds an option's value, and of which option, so a value
 * is rewritten in one place: here (a secret's value never reaches a fix line, D3).
 */
import { globalFlag, programGlobals } from '../../manifest/globals.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { shellQuote } from './suggest.js';

/** One word of a command line, and what the parser read it as. */
export type Word = {
  readonly text: string;
  /** The option whose value this word holds: `prod` after `--target`, or `--target=prod` itself. */
  readonly of?: ManifestOption;
  /** Where that value starts in `text`: 0 when the word is the value, past the `=` in `--target=prod`. */
  readonly at?: number;
  /** True when the value is a global flag's secret (`--token`), shown as `<secret>` like a secret option's. */
  readonly secret?: boolean;
};

/** Words the parser has not read (an MCP call's command line before parsing, a test's argv). */
export const plainWords = (argv: readonly string[]): Word[] => argv.map((text) => ({ text }));

/** A word holding `option`'s value, starting at `at` in `text`. */
export const valueWord = (text: string, option: ManifestOption, at = 0): Word => ({ text, of: option, at });

/** A word holding a secret global flag's value (`--token`), starting at `at` in `text`. */
export const secretWord = (text: string, at = 0): Word => ({ text, at, secret: true });

/** Where options and arguments end: the first `--`, after which every word is passthrough (P4). */
export function optionEnd(words: readonly Word[]): number {
  const end = words.findIndex((word) => word.text === '--' && word.of === undefined);
  return end === -1 ? words.length : end;
}

/** The words with the one at `index` replaced. */
export const replaceWord = (words: readonly Word[], index: number, word: Word): Word[] =>
  words.map((old, i) => (i === index ? word : old));

/** The words with `inserted` placed before the one at `index`. */
export const insertWords = (words: readonly Word[], index: number, ...inserted: Word[]): Word[] => [
  ...words.slice(0, index),
  ...inserted,
  ...words.slice(index),
];

/** What a fix line shows of one word: a secret option's value becomes `<secret>`. */
function shown(word: Word): string {
  if (word.of?.secret !== true && word.secret !== true) return word.text;
  return `${word.text.slice(0, word.at ?? 0)}<secret>`;
}

/**
 * A whole command line, program name first, each word quoted for a POSIX shell where it needs it.
 * The one place a fix line is written, so the one place a secret is kept out of it (D3): a value
 * the parser read for a secret option, and a word the parser never read (the rest of the line after
 * an unknown command, an MCP call's words) that follows or carries the flag of any secret option or
 * of burgee's own secret flags (`--token`).
 */
export function writeLine(manifest: Pick<Manifest, 'name' | 'root' | 'config'>, words: readonly Word[]): string {
  const secrets = secretFlags(manifest);
  // Words after `--` are passthrough: never an option's value, so never marked.
  const end = optionEnd(words);
  const marked =
    secrets.size === 0 ? words : words.map((word, i) => (i < end ? markSecret(word, words[i - 1], secrets) : word));
  return [manifest.name, ...marked.map(shown)].map(shellQuote).join(' ');
}

/** A word the parser left plain, marked as a secret's value when its flag says it is one. */
function markSecret(word: Word, before: Word | undefined, secrets: ReadonlySet<string>): Word {
  if (word.of !== undefined || word.secret === true || word.text === '--') return word;
  const plainBefore = before !== undefined && before.of === undefined && before.secret !== true;
  if (plainBefore && secrets.has(before.text) && !word.text.startsWith('-')) return secretWord(word.text);
  const eq = word.text.indexOf('=');
  if (eq !== -1 && secrets.has(word.text.slice(0, eq))) return secretWord(word.text, eq + 1);
  const grouped = /^-[A-Za-z]./.test(word.text) && secrets.has(word.text.slice(0, 2));
  return grouped ? secretWord(word.text, 2) : word;
}

const secretFlagsOf = new WeakMap<object, ReadonlySet<string>>();

/** Every flag (and `-x`) of a secret option anywhere in the program, and burgee's own secret flags. */
function secretFlags(manifest: Pick<Manifest, 'root' | 'config'>): ReadonlySet<string> {
  let found = secretFlagsOf.get(manifest.root);
  if (found !== undefined) return found;
  const flags = new Set<string>();
  for (const row of programGlobals(manifest)) if (row.secret === true) flags.add(globalFlag(row));
  const visit = (command: ManifestCommand) => {
    for (const option of command.options) {
      if (!option.secret) continue;
      flags.add(option.flag);
      if (option.short !== undefined) flags.add(`-${option.short}`);
    }
    for (const child of command.commands) visit(child);
  };
  visit(manifest.root);
  found = flags;
  secretFlagsOf.set(manifest.root, found);
  return found;
}
