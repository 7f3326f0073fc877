import { isDeepStrictEqual } from 'node:util';

type Document = Record<string, unknown>;
type Toml = { parse: (text: string) => unknown; stringify: (value: unknown) => string };

/**
 * The client's TOML file with one server's tables replaced, every other line kept as the user wrote
 * it, comments included: `[key.name]` and its sub-tables are cut out, and the entry is written where
 * the first of them was (at the end for a new server). Undefined when that cannot be done faithfully
 * (the server written as an inline table or as dotted keys, a header inside a multi-line string):
 * the result is parsed back and must equal `wanted`, else the caller writes the whole document.
 */
export function replaceSection(
  toml: Toml,
  text: string,
  [key, name]: readonly [string, string],
  entry: unknown,
  wanted: Document,
): string | undefined {
  const section = toml.stringify({ [key]: { [name]: entry } }).trimEnd();
  const lines = text.split('\n');
  const kept: string[] = [];
  let at: number | undefined;
  let cut: string[] | undefined;
  for (const line of lines) {
    const header = headerPath(line);
    if (header !== undefined) {
      const ours = header[0] === key && header[1] === name;
      // Comments just above the next table are read as that table's: they stay.
      if (!ours && cut !== undefined) kept.push(...leadingComments(cut));
      cut = ours ? [] : undefined;
    }
    if (cut === undefined) kept.push(line);
    else {
      at ??= kept.length;
      cut.push(line);
    }
  }
  const block = section.split('\n');
  if (at === undefined) {
    while (kept.length > 0 && kept.at(-1)!.trim() === '') kept.pop();
    if (kept.length > 0) kept.push('');
    kept.push(...block, '');
  } else {
    kept.splice(at, 0, ...block, '');
  }
  const joined = kept.join('\n');
  const result = joined.endsWith('\n') ? joined : `${joined}\n`;
  try {
    return isDeepStrictEqual(plain(toml.parse(result)), plain(wanted)) ? result : undefined;
  } catch {
    return undefined;
  }
}

/** A value as plain JSON: a TOML parser may build objects without a prototype, which strict equality tells apart. */
export const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The comment lines that end a cut block, blank lines between them included, from the first comment on. */
function leadingComments(cut: readonly string[]): string[] {
  let start = cut.length;
  while (start > 0 && /^\s*(?:#.*)?$/.test(cut[start - 1]!)) start--;
  const tail = cut.slice(start);
  const first = tail.findIndex((line) => line.trim() !== '');
  return first === -1 ? [] : tail.slice(first);
}

/** The dotted path a `[table]` or `[[array]]` header line names, with its quoted parts unquoted. */
function headerPath(line: string): string[] | undefined {
  const match = /^\s*\[\[?\s*(.+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
  if (match === null) return undefined;
  const parts: string[] = [];
  const part = /\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*(?:\.|$)/y;
  const path = match[1]!;
  while (part.lastIndex < path.length) {
    const found = part.exec(path);
    if (found === null) return undefined;
    const word = found[1]!;
    parts.push(word.startsWith('"') ? (JSON.parse(word) as string) : word.replace(/^'|'$/g, ''));
  }
  return parts;
}
