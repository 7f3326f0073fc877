import type { Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import type { Env } from 'roundel';
import { decide, PromptKind } from './decide.js';
import { CANCELLED, type RefusalTarget, toRefusal } from './refusal.js';

type Clack = typeof import('@clack/prompts');

/**
 * Where a person's keys come from: `process.stdin` or any Node readable stream. caique reads `isTTY`
 * to know whether anyone can type. Declared by shape, so that caique's types need no `@types/node`.
 */
export type PromptInput = {
  readonly isTTY?: boolean | undefined;
  on(event: string, listener: (...args: never[]) => void): unknown;
};

/** Where prompts are drawn: `process.stderr` or any Node writable stream. */
export type PromptOutput = {
  write(chunk: string): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
};

/**
 * How a prompt is bound to the run around it. Everything defaults to the process (stdin, stderr,
 * `process.env`); a framework passes its own so that tests and servers need no terminal.
 */
export type Binding<T> = RefusalTarget & {
  /** The value already resolved (flag, env, config, default): returned as is, nobody is asked. */
  readonly value?: T | undefined;
  /** The caller asked for `--json`: never ask. */
  readonly json?: boolean | undefined;
  /** The caller passed `--yes`: a confirm is answered yes; other prompts are unaffected. */
  readonly yes?: boolean | undefined;
  readonly env?: Env | undefined;
  /** Whether stdin is a terminal; by default read from `input`, else from file descriptor 0. */
  readonly stdinIsTTY?: boolean | undefined;
  readonly input?: PromptInput | undefined;
  /** Where prompts are drawn: stderr by default, so stdout stays data. */
  readonly output?: PromptOutput | undefined;
};

/** One choice of a select or multiselect. */
export type Choice<V> = { readonly value: V; readonly label?: string; readonly hint?: string };

/** Checks what a person typed: a message to show, or undefined to accept it. */
export type Validate = (value: string) => string | undefined;

type Streams = { input: Readable; output: Writable };

/** Asks for one line of text. */
export function text(
  options: { message: string; placeholder?: string; validate?: Validate } & Binding<string>,
): Promise<string> {
  return settle(PromptKind.Text, options, (clack, streams) =>
    clack.text({
      ...streams,
      message: options.message,
      ...(options.placeholder === undefined ? {} : { placeholder: options.placeholder }),
      ...validating(options.validate),
    }),
  );
}

/** Asks for a secret; what is typed is masked and never echoed. */
export function password(options: { message: string; validate?: Validate } & Binding<string>): Promise<string> {
  return settle(PromptKind.Password, options, (clack, streams) =>
    clack.password({ ...streams, message: options.message, ...validating(options.validate) }),
  );
}

/** Asks for a path on disk, completing as the person types. */
export function path(
  options: { message: string; directory?: boolean; root?: string } & Binding<string>,
): Promise<string> {
  return settle(PromptKind.Path, options, (clack, streams) =>
    clack.path({
      ...streams,
      message: options.message,
      ...(options.directory === undefined ? {} : { directory: options.directory }),
      ...(options.root === undefined ? {} : { root: options.root }),
    }),
  );
}

/** Asks yes or no; `--yes` answers it. */
export function confirm(options: { message: string; initialValue?: boolean } & Binding<boolean>): Promise<boolean> {
  return settle(PromptKind.Confirm, options, (clack, streams) =>
    clack.confirm({
      ...streams,
      message: options.message,
      ...(options.initialValue === undefined ? {} : { initialValue: options.initialValue }),
    }),
  );
}

/** Asks for one of a list of choices. */
export function select<V>(options: { message: string; options: readonly Choice<V>[] } & Binding<V>): Promise<V> {
  return settle(PromptKind.Select, options, (clack, streams) =>
    clack.select<V>({ ...streams, message: options.message, options: options.options.map(toClackOption) }),
  );
}

/** Asks for any number of a list of choices. */
export function multiselect<V>(
  options: { message: string; options: readonly Choice<V>[]; required?: boolean } & Binding<V[]>,
): Promise<V[]> {
  return settle(PromptKind.Multiselect, options, (clack, streams) =>
    clack.multiselect<V>({
      ...streams,
      message: options.message,
      options: options.options.map(toClackOption),
      required: options.required ?? false,
    }),
  );
}

// clack's option type is conditional on the value type; the fields are the same either way.
const toClackOption = <V>(choice: Choice<V>): never =>
  ({
    value: choice.value,
    ...(choice.label === undefined ? {} : { label: choice.label }),
    ...(choice.hint === undefined ? {} : { hint: choice.hint }),
  }) as never;

const validating = (validate: Validate | undefined) =>
  validate === undefined ? {} : { validate: (value: string | undefined) => validate(value ?? '') };

/** Applies the rule, then draws with clack (loaded only now) and turns a cancel into a thrown value. */
async function settle<T>(
  kind: PromptKind,
  binding: Binding<T> & { message: string },
  draw: (clack: Clack, streams: Streams) => Promise<unknown>,
): Promise<T> {
  const env = binding.env ?? process.env;
  // isatty(0) asks the descriptor: touching process.stdin would open it when nothing is drawn.
  const stdinIsTTY = binding.stdinIsTTY ?? binding.input?.isTTY ?? isatty(0);
  const json = binding.json === true;
  const decision = decide({
    hasValue: binding.value !== undefined,
    kind,
    json,
    yes: binding.yes === true,
    env,
    // Stdout is told for completeness; the rule never reads it (prompts go to stderr).
    terminal: { stdinIsTTY, stdoutIsTTY: isatty(1) },
  });
  switch (decision.action) {
    case 'use':
      return binding.value as T;
    case 'answer-yes':
      return true as T;
    case 'refuse':
      throw toRefusal(decision.reason, binding.message, binding, env, stdinIsTTY);
    case 'ask':
      break;
  }
  const clack = await import('@clack/prompts');
  // The shapes above are what every Node stream has; clack's types name Node's own classes.
  const input = (binding.input ?? process.stdin) as Readable;
  const output = (binding.output ?? process.stderr) as Writable;
  const answer = await draw(clack, { input, output });
  if (clack.isCancel(answer)) throw CANCELLED;
  return answer as T;
}
