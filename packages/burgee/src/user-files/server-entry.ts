/** A plain object, as a format's parser gives a table (some build them without a prototype). */
export const isTable = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  // A plain map only: a YAML `!!binary` is a Uint8Array, a `!!timestamp` a Date, a `!!set` a Set.
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * One server's entry as it should be after an install (K2): the keys burgee writes (`owned`, and every
 * key of `entry`) take burgee's values or go, and every other key the user put there stays, where it
 * was. Anything but a table in that place is replaced by the entry.
 */
export function mergeServer(
  existing: unknown,
  entry: Readonly<Record<string, unknown>>,
  owned: readonly string[],
): Record<string, unknown> {
  if (!isTable(existing)) return { ...entry };
  const ours = new Set([...owned, ...Object.keys(entry)]);
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(existing)) {
    if (!ours.has(key)) merged[key] = value;
    else if (Object.hasOwn(entry, key)) merged[key] = entry[key];
  }
  for (const [key, value] of Object.entries(entry)) if (!Object.hasOwn(merged, key)) merged[key] = value;
  return merged;
}

/** A value as plain JSON: a TOML parser may build objects without a prototype, which strict equality tells apart. */
export const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
