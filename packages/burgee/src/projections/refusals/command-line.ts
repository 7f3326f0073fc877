/**
 * The command line a `fix` proposes (E5, E8), written from the words the caller typed as the parser
 * read them. Each word knows whether it holds an option's value, and of which option, so a value
 * is rewritten in one place: here (a secret's value never reaches a fix line, D3).
 */
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { shellQuote } from './suggest.js';

/** One word of a command line, and what the parser read it as. */
export type Word = {
  readonly text: string;
  /** The option whose value this word holds: `prod` after `--target`, or `--target=prod` itself. */
  readonly of?: ManifestOption;
  /** Where that value starts in `text`: 0 when the word is the value, past the `=` in `--target=prod`. */
  readonly at?: number;
};

/** Words the parser has not read (an MCP call's command line before parsing, a test's argv). */
export const plainWords = (argv: readonly string[]): Word[] => argv.map((text) => ({ text }));

/** A word holding `option`'s value, starting at `at` in `text`. */
export const valueWord = (text: string, option: ManifestOption, at = 0): Word => ({ text, of: option, at });

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
  if (word.of?.secret !== true) return word.text;
  return `${word.text.slice(0, word.at ?? 0)}<secret>`;
}

/**
 * A whole command line, program name first, each word quoted for a POSIX shell where it needs it.
 * The one place a fix line is written, so the one place a secret is kept out of it (D3): a value
 * the parser read for a secret option, and a word the parser never read (the rest of the line after
 * an unknown command, an MCP call's words) that follows or carries any secret option's flag.
 */
export function writeLine(manifest: Pick<Manifest, 'name' | 'root'>, words: readonly Word[]): string {
  const secrets = secretFlags(manifest);
  // Words after `--` are passthrough: never an option's value, so never marked.
  const end = optionEnd(words);
  const marked =
    secrets.size === 0 ? words : words.map((word, i) => (i < end ? markSecret(word, words[i - 1], secrets) : word));
  return [manifest.name, ...marked.map(shown)].map(shellQuote).join(' ');
}

/** A word the parser left plain, marked as a secret's value when its flag says it is one. */
function markSecret(word: Word, before: Word | undefined, secrets: ReadonlyMap<string, ManifestOption>): Word {
  if (word.of !== undefined || word.text === '--') return word;
  const previous = before?.of === undefined ? secrets.get(before?.text ?? '') : undefined;
  if (previous !== undefined && !word.text.startsWith('-')) return { text: word.text, of: previous, at: 0 };
  const eq = word.text.indexOf('=');
  const inline = eq === -1 ? undefined : secrets.get(word.text.slice(0, eq));
  if (inline !== undefined) return { text: word.text, of: inline, at: eq + 1 };
  const short = /^-[A-Za-z]/.test(word.text) && word.text.length > 2 ? secrets.get(word.text.slice(0, 2)) : undefined;
  return short === undefined ? word : { text: word.text, of: short, at: 2 };
}

const secretFlagsOf = new WeakMap<object, ReadonlyMap<string, ManifestOption>>();

/** Every flag (and `-x`) of a secret option anywhere in the program, found once per manifest. */
function secretFlags(manifest: Pick<Manifest, 'root'>): ReadonlyMap<string, ManifestOption> {
  let found = secretFlagsOf.get(manifest.root);
  if (found !== undefined) return found;
  const flags = new Map<string, ManifestOption>();
  const visit = (command: ManifestCommand) => {
    for (const option of command.options) {
      if (!option.secret) continue;
      flags.set(option.flag, option);
      if (option.short !== undefined) flags.set(`-${option.short}`, option);
    }
    for (const child of command.commands) visit(child);
  };
  visit(manifest.root);
  found = flags;
  secretFlagsOf.set(manifest.root, found);
  return found;
}
