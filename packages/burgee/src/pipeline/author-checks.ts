import type { ActionRequest } from '../declaration/types.js';
import { BurgeeError, type CheckedActionRequest } from '../errors/errors.js';
import { shellQuote } from '../errors/refusals/suggest.js';
import { ExitCode } from '../manifest/exit-codes.js';

/**
 * Checks what a handler passed to `ctx.actionRequired` (A4) and writes each `next[].argv` as a
 * command line quoted for a POSIX shell. A request the envelope cannot carry is the author's bug:
 * a runtime failure naming the rule, never a silent exit.
 */
export function checkActionRequest(request: ActionRequest): CheckedActionRequest {
  const given = request as unknown as Record<string, unknown> | null | undefined;
  if (typeof given !== 'object' || given === null) throw authorBug('ctx.actionRequired needs an object', A4);
  const text = (key: string, optional = false): string | undefined => {
    const value = given[key];
    if (optional && value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') {
      throw authorBug(`ctx.actionRequired needs "${key}" as a non-empty string; got ${describe(value)}`, A4);
    }
    return value;
  };
  const checked: CheckedActionRequest = {
    reason: text('reason')!,
    message: text('message')!,
    next: checkNext(given.next),
  };
  const hint = text('hint', true);
  if (hint !== undefined) checked.hint = hint;
  return checked;
}

const A4 = 'each next step is { command: "…" } or { argv: ["…"] }, with an optional "when" (A4)';

function checkNext(next: unknown): CheckedActionRequest['next'] {
  if (!Array.isArray(next) || next.length === 0) {
    throw authorBug(`ctx.actionRequired needs "next", a list of at least one runnable step; got ${describe(next)}`, A4);
  }
  return next.map((step: unknown, index) => {
    const at = `next[${index}]`;
    const entry = (typeof step === 'object' && step !== null ? step : {}) as Record<string, unknown>;
    const { command, argv, when } = entry;
    let line: string;
    if (typeof command === 'string' && command.trim() !== '' && argv === undefined) line = command;
    else if (isWords(argv) && command === undefined) line = argv.map(shellQuote).join(' ');
    else throw authorBug(`ctx.actionRequired got ${at} = ${describe(step)}`, A4);
    if (when !== undefined && typeof when !== 'string') {
      throw authorBug(`ctx.actionRequired got ${at}.when = ${describe(when)}; "when" is a string`, A4);
    }
    return when === undefined ? { command: line } : { command: line, when };
  });
}

const isWords = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string');

/** `ctx.exit(code)` takes an exit status a process can have (E7). */
export function checkExitCode(code: unknown): number {
  if (typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 255) return code;
  throw authorBug(
    `ctx.exit(${describe(code)}): an exit code is a whole number from 0 to 255`,
    'pass ctx.exit an integer 0–255, or throw an error whose class carries the code (E7)',
  );
}

function authorBug(message: string, hint: string): BurgeeError {
  return new BurgeeError(ExitCode.RUNTIME, message, { hint });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Why a thrown `usage` block cannot be printed (E5: `{ command, options?, commands? }`, rows of
 * `{ name, description }` strings), or undefined when it can.
 */
export function usageProblem(usage: unknown): string | undefined {
  if (typeof usage !== 'object' || usage === null) return `usage is ${describe(usage)}, not an object`;
  const { command, options, commands } = usage as Record<string, unknown>;
  if (typeof command !== 'string') return `usage.command is ${describe(command)}, not a string`;
  for (const [key, rows] of [
    ['options', options],
    ['commands', commands],
  ] as const) {
    if (rows === undefined) continue;
    const fine =
      Array.isArray(rows) &&
      rows.every(
        (row: unknown) =>
          typeof (row as { name?: unknown } | null)?.name === 'string' &&
          typeof (row as { description?: unknown }).description === 'string',
      );
    if (!fine) return `usage.${key} is ${describe(rows)}, not a list of { name, description } strings`;
  }
  return undefined;
}
