import type { FullSchemaDocument } from '../projections/schema/types.js';

/** A parsed JSON value read as a `--schema --full` document, or the first thing that keeps it from being one. */
export type ReadDocument = { ok: true; document: FullSchemaDocument } | { ok: false; problem: string; summary?: true };

type Shape = 'string' | 'boolean' | 'number' | 'object' | 'array';

const isShape = (value: unknown, shape: Shape): boolean =>
  shape === 'array'
    ? Array.isArray(value)
    : shape === 'object'
      ? typeof value === 'object' && value !== null && !Array.isArray(value)
      : typeof value === shape;

// The fields `burgee diff` reads, and what each must be; anything else a document holds is left alone.
const DOCUMENT: Readonly<Record<string, Shape>> = { name: 'string', exitCodes: 'object', commands: 'array' };
const COMMAND: Readonly<Record<string, Shape>> = {
  name: 'string',
  effects: 'string',
  arguments: 'array',
  options: 'array',
  examples: 'array',
  inputSchema: 'object',
};
// An input's type, choices and default are its inputSchema property's, read there (diff/facts.ts).
const ARGUMENT: Readonly<Record<string, Shape>> = { name: 'string' };
const OPTION: Readonly<Record<string, Shape>> = { name: 'string', flag: 'string' };
const EXAMPLE: Readonly<Record<string, Shape>> = { command: 'string' };

/**
 * Checks that `value` is a whole `--schema` document of version 1 (S1), as far as a diff reads it:
 * a summary (S4) lists names only, so it cannot be compared and is refused as such.
 */
export function readSchemaDocument(value: unknown): ReadDocument {
  if (!isShape(value, 'object')) return { ok: false, problem: 'it is not a JSON object' };
  const document = value as Record<string, unknown>;
  if (document.schemaVersion !== 1)
    return {
      ok: false,
      problem: `its schemaVersion is ${JSON.stringify(document.schemaVersion ?? null)}; burgee diff reads version 1`,
    };
  if (document.summarised === true)
    return { ok: false, problem: 'it is a summary, written within a budget, which names no options', summary: true };
  const problem =
    fields(document, DOCUMENT, '') ??
    exitCodes(document.exitCodes as Record<string, unknown>) ??
    each(
      document.commands as unknown[],
      'commands',
      (command, at) =>
        fields(command, COMMAND, at) ??
        each(command.arguments as unknown[], `${at}.arguments`, (x, where) => fields(x, ARGUMENT, where)) ??
        each(command.options as unknown[], `${at}.options`, (x, where) => fields(x, OPTION, where)) ??
        each(command.examples as unknown[], `${at}.examples`, (x, where) => fields(x, EXAMPLE, where)) ??
        inputSchema(command, at),
    );
  return problem === undefined ? { ok: true, document: value as FullSchemaDocument } : { ok: false, problem };
}

/** The inputSchema's `required` and `properties`, with a property for every argument and option named. */
function inputSchema(command: Record<string, unknown>, at: string): string | undefined {
  const schema = command.inputSchema as { required?: unknown; properties?: unknown };
  if (!Array.isArray(schema.required)) return `${at}.inputSchema.required is not a list`;
  if (!isShape(schema.properties, 'object')) return `${at}.inputSchema.properties is not an object`;
  const properties = schema.properties as Record<string, unknown>;
  for (const list of ['arguments', 'options'] as const) {
    const missing = (command[list] as { name: string }[]).findIndex(
      ({ name }) => !Object.hasOwn(properties, name) || !isShape(properties[name], 'object'),
    );
    if (missing !== -1) return `${at}.${list}[${missing}].name names no property of ${at}.inputSchema`;
  }
  return undefined;
}

function fields(
  value: Record<string, unknown>,
  shape: Readonly<Record<string, Shape>>,
  at: string,
): string | undefined {
  for (const [key, expected] of Object.entries(shape)) {
    if (!isShape(value[key], expected))
      return `${at === '' ? '' : `${at}.`}${key} is not ${expected === 'array' ? 'a list' : `a ${expected}`}`;
  }
  return undefined;
}

function each(
  list: unknown[],
  at: string,
  check: (item: Record<string, unknown>, at: string) => string | undefined,
): string | undefined {
  for (const [i, item] of list.entries()) {
    const where = `${at}[${i}]`;
    const problem = isShape(item, 'object')
      ? check(item as Record<string, unknown>, where)
      : `${where} is not an object`;
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function exitCodes(table: Record<string, unknown>): string | undefined {
  const bad = Object.entries(table).find(([, code]) => !Number.isInteger(code));
  return bad === undefined ? undefined : `exitCodes.${bad[0]} is not a whole number`;
}
