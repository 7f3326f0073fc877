/**
 * The command line a `fix` proposes (E5, E8), written from the words the caller typed as the parser
 * read them. Each word knows whether it holds an option's value, and of which option, so a value
 * is rewritten in one place: here (a secret's value never reaches a fix line, D3).
 */
import type { ManifestOption } from '../../manifest/types.js';
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

/** A whole command line, program name first, each word quoted for a POSIX shell where it needs it. */
export const writeLine = (program: string, words: readonly Word[]): string =>
  [program, ...words.map(shown)].map(shellQuote).join(' ');
