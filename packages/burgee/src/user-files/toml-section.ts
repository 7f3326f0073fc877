import { isDeepStrictEqual } from 'node:util';
import { plain } from './server-entry.js';

type Document = Record<string, unknown>;
/** The two functions of smol-toml a merge uses (it is loaded with import()). */
export type Toml = { parse: (text: string) => unknown; stringify: (value: unknown) => string };

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
  return faithful(toml, joined.endsWith('\n') ? joined : `${joined}\n`, wanted);
}

/**
 * The text with the keys burgee owns rewritten inside the server's own `[key.name]` table, where the
 * first of them was, and every other line of it (the user's keys, comments, sub-tables) kept as
 * written. Undefined when the server has no such table, a key of burgee's is written as a dotted key,
 * or the new keys would need tables of their own; the result must parse back to `wanted`.
 */
export function replaceOwnedKeys(
  toml: Toml,
  text: string,
  [key, name]: readonly [string, string],
  entry: Readonly<Document>,
  owned: readonly string[],
  wanted: Document,
): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => !/^\s*\[\[/.test(line) && isPath(headerPath(line), key, name));
  if (start === -1) return undefined;
  let end = start + 1;
  while (end < lines.length && headerPath(lines[end]!) === undefined) end++;
  const ours = new Set([...owned, ...Object.keys(entry)]);
  const body: string[] = [];
  let at: number | undefined;
  for (let i = start + 1; i < end; ) {
    const assigned = /^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*([.=])/.exec(lines[i]!);
    if (assigned === null || !ours.has(unquote(assigned[1]!))) {
      body.push(lines[i++]!);
      continue;
    }
    const next = assigned[2] === '=' ? valueEnd(toml, lines, i, end) : undefined;
    if (next === undefined) return undefined;
    at ??= body.length;
    i = next;
  }
  const fresh = toml.stringify(entry).trimEnd();
  if (/^\s*\[/m.test(fresh)) return undefined;
  body.splice(at ?? 0, 0, ...fresh.split('\n'));
  return faithful(toml, [...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n'), wanted);
}

/** The line after the end of the value assigned on line `from`: the fewest lines that parse on their own. */
function valueEnd(toml: Toml, lines: readonly string[], from: number, end: number): number | undefined {
  for (let next = from + 1; next <= end; next++) {
    try {
      toml.parse(lines.slice(from, next).join('\n'));
      return next;
    } catch {
      // Not yet the whole value: a multi-line array or string goes on.
    }
  }
  return undefined;
}

/** `result` when it parses to exactly `wanted`, else undefined: the caller then rewrites more. */
function faithful(toml: Toml, result: string, wanted: Document): string | undefined {
  try {
    return isDeepStrictEqual(plain(toml.parse(result)), plain(wanted)) ? result : undefined;
  } catch {
    return undefined;
  }
}

const isPath = (path: string[] | undefined, key: string, name: string): boolean =>
  path !== undefined && path.length === 2 && path[0] === key && path[1] === name;

/** A key as written (bare, "basic" or 'literal') as the key it names. */
function unquote(word: string): string {
  if (!word.startsWith('"')) return word.replace(/^'|'$/g, '');
  try {
    return JSON.parse(word) as string;
  } catch {
    // A TOML escape JSON lacks (\e, \U0001F600): a key no server of burgee's is named.
    return word;
  }
}

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
    parts.push(unquote(found[1]!));
  }
  return parts;
}
