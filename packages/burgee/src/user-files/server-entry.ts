import { isDeepStrictEqual } from 'node:util';
import { notATable, refuseFile } from './refusals.js';

/**
 * What each format's merge takes: the file (named in refusals), its text (undefined when there is no
 * file yet), where the entry goes (the servers' key, the server's name), burgee's entry, and its keys.
 */
export type MergeArgs = [
  file: string,
  text: string | undefined,
  at: readonly [string, string],
  entry: Readonly<Record<string, unknown>>,
  owned: readonly string[],
];

/**
 * The servers table of a file's document (refused, exit 3, when that key holds something else), the
 * entry there now, and that entry merged with burgee's (K2): the part every format's merge shares.
 */
export function entryIn(document: Record<string, unknown>, [file, , [key, name], entry, owned]: MergeArgs) {
  const servers = document[key] ?? {};
  if (!isTable(servers)) throw refuseFile(notATable(file, key));
  const existing = servers[name];
  return { servers, existing, merged: mergeServer(existing, entry, owned) };
}

/** A plain object, as a format's parser gives a table (some build them without a prototype). */
export const isTable = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  // A plain map only: a YAML `!!binary` is a Uint8Array, a `!!timestamp` a Date, a `!!set` a Set.
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * One server's entry as it should be after an install (K2): the keys burgee owns (`owned`, and every
 * other key of `entry`) take burgee's values or go, and every other key the user put there stays,
 * where it was. A key of `entry` that is not owned is the user's (the variables passed to the
 * server): burgee's part is merged into it, a table name by name, a list by adding missing items,
 * so what the user added there stays too. Anything but a table in that place is replaced by the entry.
 */
export function mergeServer(
  existing: unknown,
  entry: Readonly<Record<string, unknown>>,
  owned: readonly string[],
): Record<string, unknown> {
  if (!isTable(existing)) return { ...entry };
  const burgees = new Set(owned);
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(existing)) {
    if (Object.hasOwn(entry, key)) merged[key] = burgees.has(key) ? entry[key] : within(value, entry[key]);
    else if (!burgees.has(key)) merged[key] = value;
  }
  for (const [key, value] of Object.entries(entry)) if (!Object.hasOwn(merged, key)) merged[key] = value;
  return merged;
}

/** burgee's part of a key the user shares with it, merged into the user's value (see mergeServer). */
function within(mine: unknown, ours: unknown): unknown {
  if (isTable(mine) && isTable(ours)) return { ...mine, ...ours };
  if (Array.isArray(mine) && Array.isArray(ours)) {
    return [...mine, ...ours.filter((item) => !mine.some((had) => isDeepStrictEqual(had, item)))];
  }
  return ours;
}

/** A value as plain JSON: a TOML parser may build objects without a prototype, which strict equality tells apart. */
export const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
