/**
 * A handler's data for a person (DESIGN H1). Never coloured (H3): `--json` gives the exact value,
 * this gives the readable one.
 */
import { alignColumns } from './align.js';

type Scalar = string | number | boolean | bigint | null;
type FlatObject = Record<string, Scalar | undefined>;

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isFlatObject = (value: unknown): value is FlatObject =>
  isPlainObject(value) && Object.values(value).every((v) => v === undefined || isScalar(v));

/** Compact JSON that survives bigints, which `JSON.stringify` refuses. */
const compactJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';

// Null reads as "nothing" to a person; `--json` keeps the distinction for programs.
const scalarText = (value: Scalar | undefined): string => (value === null || value === undefined ? '' : String(value));

/** Renders data as text for a person, without a trailing newline. */
export function renderData(data: unknown): string {
  if (data === undefined || isScalar(data)) return scalarText(data);
  if (Array.isArray(data)) {
    if (data.every(isScalar)) return data.map(scalarText).join('\n');
    if (data.every(isFlatObject)) return renderTable(data);
    return compactJson(data);
  }
  if (isPlainObject(data)) return renderFields(data);
  return compactJson(data);
}

/** `key: value` lines with the values aligned; nested values as compact JSON. */
function renderFields(data: Record<string, unknown>): string {
  // Keys JSON would drop are dropped here too, so both views list the same fields.
  const entries = Object.entries(data).filter(([, value]) => value !== undefined && typeof value !== 'function');
  const rows = entries.map(([key, value]) => [`${key}:`, isScalar(value) ? scalarText(value) : compactJson(value)]);
  return alignColumns(rows, { indent: 0, gap: 1 }).join('\n');
}

/** A table whose header is every key in first-seen order; a missing cell stays empty. */
function renderTable(rows: readonly FlatObject[]): string {
  const keys: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  }
  const body = rows.map((row) => keys.map((key) => scalarText(row[key])));
  return alignColumns([keys, ...body], { indent: 0, gap: 2 }).join('\n');
}
