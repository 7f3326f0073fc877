/**
 * The two-column layout of help lists: names on the left, wrapped descriptions in one aligned
 * column on the right.
 */

/** One row of a help list. */
export type Row = { left: string; right: string };

const INDENT = 2;
const GAP = 2;
// Below this many characters a description column is unreadable, so lines may overflow instead.
const MIN_TEXT = 16;

// A bracketed note (`[env: NAME]`) is one word: broken across lines it would read as two (H2).
const WORD = /(?:\[[^\]\n]*\]|\[|[^\s[])+/g;

/** Splits text into lines no wider than `width`, breaking at spaces; a longer word keeps a line of its own. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.match(WORD) ?? []) {
      if (line === '') line = word;
      else if (line.length + 1 + word.length <= width) line = `${line} ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The left column's width: its widest name, capped at 40% of the screen. */
export function leftWidth(rows: readonly Row[], width: number): number {
  const cap = Math.floor(width * 0.4);
  return rows.reduce((widest, row) => (row.left.length <= cap ? Math.max(widest, row.left.length) : widest), 0);
}

/**
 * Lays out one row; a name wider than the column puts its description on the next line, so
 * one long name does not push every description to the right edge.
 */
export function layoutRow(row: Row, layout: { width: number; left: number; paint: (s: string) => string }): string[] {
  const margin = ' '.repeat(INDENT);
  // Only the flags are painted, not the spaces that align long-only flags.
  const name = `${margin}${row.left.replace(/\S.*/, (flags) => layout.paint(flags))}`;
  if (row.right === '') return [name];
  const column = INDENT + layout.left + GAP;
  const lines = wrapText(row.right, Math.max(layout.width - column, MIN_TEXT));
  const indent = ' '.repeat(column);
  if (row.left.length > layout.left) return [name, ...lines.map((line) => `${indent}${line}`.trimEnd())];
  const [first = '', ...rest] = lines;
  const pad = ' '.repeat(layout.left - row.left.length + GAP);
  return [`${name}${pad}${first}`.trimEnd(), ...rest.map((line) => `${indent}${line}`.trimEnd())];
}
