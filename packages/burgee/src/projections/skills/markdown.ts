/**
 * Author text inside the Markdown of skills and the --llms index (L1): whatever a declaration
 * holds (a backtick in an example, a line break in a choice, HTML in a description) stays the
 * text it was, on its own line, and starts no structure of its own.
 */

/**
 * An inline code span holding `text` on one line: fenced by one backtick more than the longest run
 * inside it, padded with a space where the text starts or ends with a backtick (CommonMark's rule).
 */
export function code(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Prose on one line, read as text: whitespace runs (line breaks too) become one space, and what
 * would start HTML (`<tag`, `</`, `<!--`, an entity `&name;`) or a code span (a backtick) is
 * escaped. Ordinary punctuation is left alone: an agent reads the Markdown as it is written.
 */
export function prose(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/&(?=#?\w+;)/g, '&amp;')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;')
    .replace(/`/g, '\\`');
}
