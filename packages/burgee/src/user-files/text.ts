/** What an edit keeps of a file's text without seeing it: its line breaks and its byte-order mark. */
export type TextStyle = { crlf: boolean; bom: boolean };

/** A new file: LF, no byte-order mark. */
export const NEW_FILE: TextStyle = { crlf: false, bom: false };

/**
 * The file's text as an edit sees it, with its style: a file whose lines mostly end in CRLF is read
 * with LF (formats and merges then deal with one kind of line), and written back with CRLF.
 */
export function readStyled(raw: string): { text: string; style: TextStyle } {
  const bom = raw.startsWith('\uFEFF');
  const body = bom ? raw.slice(1) : raw;
  const crlf = count(body, /\r\n/g) > count(body, /(?<!\r)\n/g);
  return { text: crlf ? body.replace(/\r\n/g, '\n') : body, style: { crlf, bom } };
}

/** The edited text in the file's own style. */
export function writeStyled(text: string, style: TextStyle): string {
  const body = style.crlf ? text.replace(/\r?\n/g, '\r\n') : text;
  return style.bom ? `\uFEFF${body}` : body;
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/**
 * What a write would change, as one hunk of `-` and `+` lines between the lines both texts share at
 * their start and end: an install or a generated file changes one region, which this shows whole.
 */
export function lineDiff(before: string | undefined, after: string): string {
  const old = before === undefined || before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const now = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  let start = 0;
  while (start < old.length && start < now.length && old[start] === now[start]) start++;
  let endOld = old.length;
  let endNew = now.length;
  while (endOld > start && endNew > start && old[endOld - 1] === now[endNew - 1]) {
    endOld--;
    endNew--;
  }
  const removed = old.slice(start, endOld).map((line) => `-${line}`);
  const added = now.slice(start, endNew).map((line) => `+${line}`);
  return [`@@ -${start + 1},${endOld - start} +${start + 1},${endNew - start} @@`, ...removed, ...added].join('\n');
}
