import { isDeepStrictEqual } from 'node:util';
import { jsonErrorOffset, lineColumn } from '../text/json-position.js';
import { duplicateKey } from './json-duplicates.js';
import { notAnObjectAtTop, notParsable, refuseFile, duplicateKey as twice } from './refusals.js';
import { entryIn, isTable, type MergeArgs } from './server-entry.js';

/**
 * The value a JSON file's text holds. Refuses (exit 3) text that is not JSON, naming the line and
 * column, and an object that names a key twice, naming the key: written back, it would hold one.
 */
export function parseJson(file: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const { line, column } = lineColumn(text, jsonErrorOffset(text) ?? text.length);
    throw refuseFile(notParsable(file, 'JSON', line, column));
  }
  const duplicate = duplicateKey(text);
  if (duplicate !== undefined) {
    const { line, column } = lineColumn(text, duplicate.offset);
    throw refuseFile(twice(file, duplicate.path, line, column));
  }
  return value;
}

/**
 * A JSON client file with one server's entry merged in (K2): other servers and settings kept in
 * their order, the user's own keys of the entry kept (mergeServer), the file's indentation kept.
 * Returns `text` itself when the entry is already there.
 */
export function mergeJsonEntry(...args: MergeArgs): string {
  const [file, text, [key, name]] = args;
  const document = text === undefined || text.trim() === '' ? {} : parseJson(file, text);
  if (!isTable(document)) throw refuseFile(notAnObjectAtTop(file));
  const { servers, existing, merged } = entryIn(document, args);
  if (text !== undefined && isDeepStrictEqual(existing, merged)) return text;
  document[key] = { ...servers, [name]: merged };
  return `${JSON.stringify(document, null, indentOf(text))}\n`;
}

/** The indentation the file uses (its first indented line's), or two spaces. */
function indentOf(text: string | undefined): string | number {
  const found = text === undefined ? null : /\n([ \t]+)\S/.exec(text);
  return found?.[1] ?? 2;
}
