/**
 * The command line a `fix` proposes (E5, E8), written from the words the caller typed as the parser
 * read them. Each word knows whether it holds an option's value, and of which option, so a value
 * is rewritten in one place: here (a secret's value never reaches a fix line, D3).
 */
import { globalFlag, programGlobals } from '../../manifest/globals.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { shellQuote, suggest } from './suggest.js';

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
 * of burgee's own secret flags (`--token`), a misspelling of one, or a group of short flags holding one.
 */
export function writeLine(manifest: Pick<Manifest, 'name' | 'root' | 'config'>, words: readonly Word[]): string {
  const secrets = secretFlags(manifest);
  // Words after `--` are passthrough: never an option's value, so never marked.
  const end = optionEnd(words);
  const marked =
    secrets.flags.size === 0
      ? words
      : words.map((word, i) => (i < end ? markSecret(word, words[i - 1], secrets) : word));
  return [manifest.name, ...marked.map(shown)].map(shellQuote).join(' ');
}

/** A word the parser left plain, marked as a secret's value when the word before or its own flag says so. */
function markSecret(word: Word, before: Word | undefined, secrets: Secrets): Word {
  if (word.of !== undefined || word.secret === true || word.text === '--') return word;
  const plainBefore = before !== undefined && before.of === undefined && before.secret !== true;
  if (plainBefore && !word.text.startsWith('-') && takesSecret(before.text, secrets)) return secretWord(word.text);
  const eq = word.text.indexOf('=');
  if (word.text.startsWith('--') && eq !== -1 && isSecretFlag(word.text.slice(0, eq), secrets)) {
    return secretWord(word.text, eq + 1);
  }
  const at = groupedValueAt(word.text, secrets);
  return at !== undefined && at < word.text.length ? secretWord(word.text, at) : word;
}

/** True when `flag` alone makes the next word a secret: a secret flag, its misspelling, or a group ending in one. */
function takesSecret(flag: string, secrets: Secrets): boolean {
  if (flag.startsWith('--')) return isSecretFlag(flag, secrets);
  return groupedValueAt(flag, secrets) === flag.length;
}

/** A secret flag, or a flag no command knows that is close to one (`--tokn` after an unknown command). */
function isSecretFlag(flag: string, secrets: Secrets): boolean {
  if (secrets.flags.has(flag)) return true;
  return !secrets.known.has(flag) && suggest(flag, secrets.longs).length > 0;
}

/**
 * In a group of short flags (`-vt`, `-vtS`), where the value of the first secret letter starts:
 * the end of the word when that letter is the last (its value is the next word), else inside it.
 */
function groupedValueAt(text: string, secrets: Secrets): number | undefined {
  if (!/^-[A-Za-z]/.test(text)) return undefined;
  for (let i = 1; i < text.length; i++) if (secrets.shorts.has(text[i]!)) return i + 1;
  return undefined;
}

/**
 * The secret flags of a program: every flag of a secret option and burgee's own secret flags, the
 * long ones apart (a misspelling is measured against them), the short letters of secret options
 * that take a value, and every flag known anywhere (which is never a misspelling).
 */
type Secrets = { flags: ReadonlySet<string>; longs: string[]; shorts: ReadonlySet<string>; known: ReadonlySet<string> };

const secretsOf = new WeakMap<object, Secrets>();

function secretFlags(manifest: Pick<Manifest, 'root' | 'config'>): Secrets {
  const cached = secretsOf.get(manifest.root);
  if (cached !== undefined) return cached;
  const flags = new Set<string>();
  const shorts = new Set<string>();
  const known = new Set<string>();
  for (const row of programGlobals(manifest)) {
    known.add(globalFlag(row));
    if (row.secret === true) flags.add(globalFlag(row));
  }
  const visit = (command: ManifestCommand) => {
    for (const option of command.options) {
      known.add(option.flag);
      if (option.negatable) known.add(`--no-${option.flag.slice(2)}`);
      if (!option.secret) continue;
      flags.add(option.flag);
      if (option.short === undefined) continue;
      flags.add(`-${option.short}`);
      if (option.type !== 'boolean') shorts.add(option.short);
    }
    for (const child of command.commands) visit(child);
  };
  visit(manifest.root);
  const found: Secrets = { flags, longs: [...flags].filter((flag) => flag.startsWith('--')), shorts, known };
  secretsOf.set(manifest.root, found);
  return found;
}
