import { isDeepStrictEqual } from 'node:util';
import { lineColumn } from '../text/json-position.js';
import { notAnObjectAtTop, notParsable, refuseFile, duplicateKey as twice } from './refusals.js';
import { entryIn, isTable, type MergeArgs } from './server-entry.js';

// The package's ES module build: its default entry is UMD, whose inner require() calls a bundle cannot follow.
type Jsonc = typeof import('jsonc-parser/lib/esm/main.js');
type Path = (string | number)[];

/**
 * A JSON-with-comments client file (Zed's settings, opencode's config) with one server's entry
 * merged in (K2), edited in place with jsonc-parser: comments, trailing commas, blank lines and
 * key order stay as the person wrote them. Only burgee's keys of the entry are set or removed, one
 * by one, so a comment beside a key the person added stays beside it. Returns `text` itself when
 * the entry is already there.
 */
export async function mergeJsoncEntry(...args: MergeArgs): Promise<string> {
  const [file, text, at] = args;
  const jsonc: Jsonc = await import('jsonc-parser/lib/esm/main.js');
  const source = text ?? '';
  const document = source.trim() === '' ? {} : parseJsonc(jsonc, file, source);
  if (!isTable(document)) throw refuseFile(notAnObjectAtTop(file));
  const [key, name] = at;
  const { servers, existing, merged } = entryIn(document, args);
  if (text !== undefined && isDeepStrictEqual(existing, merged)) return text;
  const base = source.trim() === '' ? '{}\n' : source;
  const edited = applyEntry(jsonc, base, [key, name], servers[name], merged);
  // The edit must say exactly what the merge decided; anything else is a fault here, not a file to write.
  const wanted = { ...document, [key]: { ...servers, [name]: merged } };
  if (!isDeepStrictEqual(jsonc.parse(edited, [], { allowTrailingComma: true }), wanted)) {
    throw new Error(`the edit of ${file} did not give the merged entry`);
  }
  return edited.endsWith('\n') ? edited : `${edited}\n`;
}

/**
 * Sets the entry's keys one by one where it exists (so comments inside it stay), else writes it whole.
 * A new key goes first in its object: jsonc-parser rewrites the line before an insertion, and the
 * object's opening line is the one whose rewrite changes nothing.
 */
function applyEntry(
  jsonc: Jsonc,
  text: string,
  path: Path,
  existing: unknown,
  merged: Record<string, unknown>,
): string {
  const options = { formattingOptions: formatting(text), getInsertionIndex: () => 0 };
  const edit = (current: string, at: Path, value: unknown): string =>
    jsonc.applyEdits(current, jsonc.modify(current, at, value, options));
  if (!isTable(existing)) return edit(text, path, merged);
  let current = text;
  for (const key of Object.keys(existing)) {
    if (!Object.hasOwn(merged, key)) current = edit(current, [...path, key], undefined);
  }
  for (const [key, value] of Object.entries(merged)) {
    if (!Object.hasOwn(existing, key) || isDeepStrictEqual(existing[key], value)) continue;
    const old = existing[key];
    // A table changes name by name (the variables passed), so comments beside the person's names stay.
    if (isTable(old) && isTable(value)) current = editTable(current, [...path, key], old, value, edit);
    else current = edit(current, [...path, key], value);
  }
  // Inserted last to first, so that the new keys keep the entry's order at the top.
  for (const [key, value] of Object.entries(merged).reverse()) {
    if (!Object.hasOwn(existing, key)) current = edit(current, [...path, key], value);
  }
  return current;
}

/** Sets a table's changed names and removes the names it no longer has, one by one. */
function editTable(
  text: string,
  path: Path,
  old: Record<string, unknown>,
  value: Record<string, unknown>,
  edit: (current: string, at: Path, value: unknown) => string,
): string {
  let current = text;
  for (const name of Object.keys(old))
    if (!Object.hasOwn(value, name)) current = edit(current, [...path, name], undefined);
  for (const [name, item] of Object.entries(value)) {
    if (!isDeepStrictEqual(old[name], item)) current = edit(current, [...path, name], item);
  }
  return current;
}

/** The file's own indentation (its first indented line's), so inserted lines look like the rest. */
function formatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol: '\n' }
    : { insertSpaces: true, tabSize: indent.length, eol: '\n' };
}

/**
 * The value a JSONC text holds. Refused (exit 3): text that is not JSON with comments, naming the
 * line and column of the first error, and an object that names a key twice, naming the key.
 */
function parseJsonc(jsonc: Jsonc, file: string, text: string): unknown {
  const errors: import('jsonc-parser/lib/esm/main.js').ParseError[] = [];
  const value = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = lineColumn(text, first.offset);
    throw refuseFile(notParsable(file, 'JSON (with comments)', line, column));
  }
  const duplicate = duplicateKey(jsonc, text);
  if (duplicate !== undefined) {
    const { line, column } = lineColumn(text, duplicate.offset);
    throw refuseFile(twice(file, duplicate.path, line, column));
  }
  return value;
}

/** The first key an object names twice, with its dotted path and offset: parsed, the first would be lost. */
function duplicateKey(jsonc: Jsonc, text: string): { path: string; offset: number } | undefined {
  const seen: Set<string>[] = [];
  let found: { path: string; offset: number } | undefined;
  jsonc.visit(text, {
    onObjectBegin: () => {
      seen.push(new Set());
    },
    onObjectEnd: () => {
      seen.pop();
    },
    onObjectProperty: (property, offset, _length, _line, _column, pathSupplier) => {
      const keys = seen.at(-1);
      if (found !== undefined || keys === undefined) return;
      if (keys.has(property)) found = { path: [...pathSupplier(), property].join('.'), offset };
      keys.add(property);
    },
  });
  return found;
}
