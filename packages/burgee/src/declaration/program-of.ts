/**
 * What the runners (`run`, `runProgram`, `connectMcp`, `startMcpHttp`, `serveMcp`) accept: a program
 * or a command. Anything else is the author's slip, and it is refused with one line saying what to
 * pass, before it can surface as a confusing usage error (a Promise has no commands) or a crash.
 */
import { isProgram, toProgram } from './define.js';
import type { Command, Program } from './types.js';

/** What defineCommand returned; its brand exists for the type checker only, so the shape decides. */
export function isCommand(value: unknown): value is Command {
  if (typeof value !== 'object' || value === null) return false;
  const { name, run, load, commands } = value as Record<string, unknown>;
  return (
    typeof name === 'string' && (typeof run === 'function' || typeof load === 'function' || Array.isArray(commands))
  );
}

/** A value in a few words, for a message that says what was found instead of what was expected. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'function') return value.name === '' ? 'a function' : `the function ${value.name}`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const kind = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  if (kind !== undefined && kind !== 'Object' && kind !== '') return `an instance of ${kind}`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty object' : `an object with ${keys.slice(0, 5).join(', ')}`;
}

const isThenable = (value: unknown): boolean =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function';

/**
 * The program `runner` was handed, or a TypeError naming the runner and what to pass instead: a
 * Promise (what `asProgram` returns) is to be awaited first.
 */
export function programOf(target: unknown, runner: string): Program {
  if (isProgram(target) || isCommand(target)) return toProgram(target);
  const rest = runner === 'runProgram' ? ', argv' : '';
  if (isThenable(target)) {
    throw new TypeError(
      `${runner}() was handed a Promise, not a program: await it first, e.g. ${runner}(await asProgram(command)${rest})`,
    );
  }
  throw new TypeError(
    `${runner}() takes what defineProgram or defineCommand returns, or await asProgram(command) for a commander or yargs program; it was handed ${describeValue(target)}`,
  );
}
