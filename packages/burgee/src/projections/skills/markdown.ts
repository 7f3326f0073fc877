/**
 * Author text inside the Markdown of skills and the --llms index (L1): whatever a declaration
 * holds (a backtick in an example, a line break in a choice, HTML in a description, a name) stays the
 * text it was, on its own line, and starts no structure of its own. Every place that writes author
 * text into that Markdown goes through one of these four, by where the text lands:
 *
 * - `code`: an inline code span (commands, flags, usage lines, examples);
 * - `prose`: text inside a line (list items, notes, anything after some other text);
 * - `paragraph`: text that starts a block (a paragraph, the text after `> `);
 * - `heading`: the text of an ATX heading, after the `#`s.
 *
 * Escapes are CommonMark's own (a backslash before ASCII punctuation, `&amp;`, `&lt;`), so a reader of
 * the rendered Markdown sees the characters the author wrote; ordinary prose (a full stop, a hyphen, a
 * `snake_case` word, `a | b`) is written as it is, since an agent often reads the Markdown unrendered.
 * Pure string functions: no I/O.
 */

/** Line endings (CommonMark's: LF, CR, CRLF) and every other whitespace run, folded to one space. */
const fold = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * An inline code span holding `text` on one line: fenced by one backtick more than the longest run
 * inside it, padded with a space where the text starts or ends with a backtick, or starts and ends
 * with a space (CommonMark strips one space from each end of such a span).
 */
export function code(text: string): string {
  const flat = text.replace(/\r\n?|\n/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const spaced = flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '';
  const pad = flat.startsWith('`') || flat.endsWith('`') || spaced ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Text inside a line, read as text and kept on that line: whitespace runs (line breaks too) become one
 * space, and each character that would start inline structure is escaped where it could:
 *
 * - `\` before ASCII punctuation (or at the end), so the backslash itself is seen;
 * - `` ` `` (a code span), `*` and `~` (emphasis, strikethrough), always;
 * - `_` unless inside a word (`SHIP_CHANNEL` cannot open or close emphasis);
 * - `]` before `(` (an inline link or image);
 * - `&` before what reads as an entity (`&amp;`, `&#60;`), as `&amp;`;
 * - `<` before anything but a space (HTML, a comment, an autolink), as `&lt;`.
 */
export function prose(text: string): string {
  return fold(text)
    .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
    .replace(/[`*~]/g, '\\$&')
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_')
    .replace(/\](?=\()/g, '\\]')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/<(?=\S)/g, '&lt;');
}

/**
 * Text that starts a block: as `prose`, and its first characters escaped where they would open a
 * block of their own (a heading, a quote, a list item, a thematic break, a fence, a link definition).
 */
export function paragraph(text: string): string {
  return prose(text)
    .replace(/^(?=#{1,6}(?: |$)|[-+](?: |$)|[>[]|(?:- *){3,}$)/, '\\')
    .replace(/^(\d{1,9})(?=[.)](?: |$))/, '$1\\');
}

/** The text of an ATX heading: as `prose`, with a closing run of `#` kept (it would be dropped as the closing sequence). */
export function heading(text: string): string {
  return prose(text).replace(/(^| )(?=#+$)/, '$1\\');
}
