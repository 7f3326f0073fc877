/**
 * How a word taken from the declaration is written into each shell's script (C1). Any string may
 * arrive here (an adapter's program can name anything), so each rule is complete on its own: the
 * shell reads back exactly the word, sourcing expands nothing, and the quoted word is one line.
 */

/** Characters no shell treats specially, unquoted, in any position: nothing to expand, glob or split. */
const PLAIN = /^[A-Za-z0-9_./:@+,-]+$/;

/** Runs of control characters: written as escapes, so no quoted word spans two lines (and a comment stays one). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_RUNS = /([\u0000-\u001f\u007f]+)/;

/** True when the word holds a control character. */
export const hasControl = (word: string): boolean => CONTROL_RUNS.test(word);

/** What may end a comment line in one of the four shells (PowerShell's reader included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNPRINTABLE = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;

const hex = (char: string): string => char.charCodeAt(0).toString(16).padStart(2, '0');

/**
 * The word without NUL: no argument can carry one (argv is C strings), and bash and fish stop
 * reading a script at the first NUL byte.
 */
const typeable = (word: string): string => word.replaceAll('\u0000', '');

/**
 * The word as a shell reads it back: plain words as they are, else each run of control characters
 * through `controls` and each run of everything else through `quoted`, joined into one word.
 */
function quoteWith(word: string, quoted: (run: string) => string, controls: (run: string) => string): string {
  const text = typeable(word);
  if (PLAIN.test(text)) return text;
  if (text === '') return "''";
  // split() with a capturing group: control runs at the odd indexes, everything else at the even ones.
  return text
    .split(CONTROL_RUNS)
    .map((run, i) => (run === '' ? '' : i % 2 === 1 ? controls(run) : quoted(run)))
    .join('');
}

const escaped = (run: string): string => [...run].map((c) => `\\x${hex(c)}`).join('');

/**
 * bash and zsh: single quotes keep every character as written (`'` itself is `'\''`); control
 * characters go in `$'\xHH'`, read the same by both.
 */
export const posixQuote = (word: string): string =>
  quoteWith(
    word,
    (run) => `'${run.replaceAll("'", "'\\''")}'`,
    (run) => `$'${escaped(run)}'`,
  );

/**
 * fish: inside single quotes `\'` and `\\` are escapes, so both are escaped; control characters
 * are written unquoted as `\xHH`, which fish reads between quoted parts of one word.
 */
export const fishQuote = (word: string): string =>
  quoteWith(word, (run) => `'${run.replace(/[\\']/g, '\\$&')}'`, escaped);

/**
 * PowerShell: a single-quoted string expands nothing; a quote is written twice, and PowerShell
 * takes the typographic single quotes (U+2018 to U+201B) for `'` as well.
 */
export const pwshQuote = (word: string): string => `'${typeable(word).replace(/['\u2018-\u201b]/g, '$&$&')}'`;

/** Text for a comment line: a line break (or any other control character) would end the comment. */
export const commentText = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A shell function name made from the program name: letters, digits and `_` only. When more than
 * a `-` had to be replaced, a hash of the name keeps two programs (`a b`, `a?b`) apart.
 */
export function functionName(name: string): string {
  const safe = `_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  return /^[A-Za-z0-9_-]+$/.test(name) ? safe : `${safe}_${fnv1a(name)}`;
}

/** A 32-bit FNV-1a hash of the string's UTF-16 code units, in hex. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
