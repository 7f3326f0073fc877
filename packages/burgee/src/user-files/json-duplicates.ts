/** One open object or array while scanning: an object's keys so far, or an array's index. */
type Frame = { keys?: Set<string>; key?: string; index: number };

/**
 * The first key an object of `text` names twice, with its dotted path and the offset of its second
 * use; undefined when there is none. `text` must be valid JSON: JSON.parse keeps only the last of two
 * equal keys, so a file read and written back would lose the first without a word.
 */
export function duplicateKey(text: string): { path: string; offset: number } | undefined {
  const stack: Frame[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '{') stack.push({ keys: new Set(), index: 0 });
    else if (char === '[') stack.push({ index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',') {
      const top = stack.at(-1);
      if (top !== undefined) top.index++;
    } else if (char === '"') {
      const end = stringEnd(text, at);
      const top = stack.at(-1);
      if (top?.keys !== undefined && text[afterSpace(text, end)] === ':') {
        // Decoded: "a" and "\u0061" are one key to JSON.parse, so they are here.
        const key = JSON.parse(text.slice(at, end)) as string;
        if (top.keys.has(key)) return { path: pathOf(stack, key), offset: at };
        top.keys.add(key);
        top.key = key;
      }
      at = end - 1;
    }
  }
  return undefined;
}

/** The offset of the first character at or after `at` that is not JSON white space. */
function afterSpace(text: string, at: number): number {
  let next = at;
  while (next < text.length && ' \t\n\r'.includes(text[next]!)) next++;
  return next;
}

/** The offset just past the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** `mcpServers.tool`, `servers[2].name`: the path of `key` in the innermost open object. */
function pathOf(stack: readonly Frame[], key: string): string {
  let path = '';
  for (const frame of stack.slice(0, -1)) {
    path += frame.keys === undefined ? `[${frame.index}]` : `${path === '' ? '' : '.'}${frame.key}`;
  }
  return `${path === '' ? '' : `${path}.`}${key}`;
}
