/**
 * A handler's data for a person (H1). Never coloured (H3): `--json` gives the exact value,
 * this gives the readable one.
 */
import { alignColumns } from './align.js';

type Scalar = string | number | boolean | bigint | null;
/** A table cell: a scalar, or a list of scalars joined with `, `. */
type Cell = Scalar | readonly Scalar[] | undefined;
type FlatObject = Record<string, Cell>;

/** How a person wants the data: the columns of a list of objects, in order (the command's `fields`). */
export type RenderDataOptions = { readonly fields?: readonly string[] | undefined };

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isCell = (value: unknown): value is Cell =>
  value === undefined || isScalar(value) || (Array.isArray(value) && value.every(isScalar));

/** An object a table row can show: every cell shown (all of them, or only `fields`) is a scalar or a list of them. */
const isRow = (value: unknown, fields: readonly string[] | undefined): value is FlatObject =>
  isPlainObject(value) && (fields ?? Object.keys(value)).every((key) => isCell(value[key]));

/** Compact JSON that survives bigints, which `JSON.stringify` refuses. */
const compactJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';

// Null reads as "nothing" to a person; `--json` keeps the distinction for programs.
const scalarText = (value: Scalar | undefined): string => (value === null || value === undefined ? '' : String(value));
const cellText = (value: Cell): string =>
  Array.isArray(value) ? value.map(scalarText).join(', ') : scalarText(value as Scalar | undefined);

/** Renders data as text for a person, without a trailing newline. */
export function renderData(data: unknown, options: RenderDataOptions = {}): string {
  if (data === undefined || isScalar(data)) return scalarText(data);
  if (Array.isArray(data)) {
    // An empty list says so: a blank line reads as "the command printed nothing", not "there are none".
    if (data.length === 0) return '(none)';
    if (data.every(isScalar)) return data.map(scalarText).join('\n');
    if (data.every((row) => isRow(row, options.fields))) return renderTable(data, options.fields);
    return compactJson(data);
  }
  if (isPlainObject(data)) return renderFields(data);
  return compactJson(data);
}

/** `key: value` lines with the values aligned; a list of scalars joined as a table cell is; deeper values as compact JSON. */
function renderFields(data: Record<string, unknown>): string {
  // Keys JSON would drop are dropped here too, so both views list the same fields.
  const entries = Object.entries(data).filter(([, value]) => value !== undefined && typeof value !== 'function');
  const rows = entries.map(([key, value]) => [`${key}:`, isCell(value) ? cellText(value) : compactJson(value)]);
  return alignColumns(rows, { indent: 0, gap: 1 }).join('\n');
}

/** A table whose header is `fields`, else every key in first-seen order; a missing cell stays empty. */
function renderTable(rows: readonly FlatObject[], fields: readonly string[] | undefined): string {
  const keys: string[] = fields === undefined ? [] : [...fields];
  if (fields === undefined) {
    for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  }
  const body = rows.map((row) => keys.map((key) => cellText(row[key])));
  return alignColumns([keys, ...body], { indent: 0, gap: 2 }).join('\n');
}
