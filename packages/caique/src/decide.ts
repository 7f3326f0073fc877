import { type Env, interactive, type TerminalState } from 'roundel';

/** The prompts caique draws; each fills one value. */
export const PromptKind = {
  Text: 'text',
  Confirm: 'confirm',
  Select: 'select',
  Multiselect: 'multiselect',
  Password: 'password',
  Path: 'path',
} as const;

/** One of the values of `PromptKind`. */
export type PromptKind = (typeof PromptKind)[keyof typeof PromptKind];

const KINDS: ReadonlySet<unknown> = new Set(Object.values(PromptKind));

/** Tells whether a value is one of the `PromptKind` values. */
export function isPromptKind(value: unknown): value is PromptKind {
  return KINDS.has(value);
}

/** Everything the rule reads: the value's state, the caller's flags, the environment, the terminal. */
export type DecideInput = {
  /** A value already came from a flag, the environment, a config file or a default. */
  hasValue: boolean;
  kind: PromptKind;
  /** The caller asked for the `--json` envelope. */
  json: boolean;
  /** The caller passed `--yes`. */
  yes: boolean;
  env: Env;
  /** Whether stdin and stdout are terminals; a closed stdin is not one. */
  terminal: TerminalState;
};

/** What to do about one prompt: keep the value, answer yes, refuse (and why), or ask a person. */
export type Decision =
  | { readonly action: 'use' }
  | { readonly action: 'answer-yes' }
  | { readonly action: 'refuse'; readonly reason: 'json' | 'nobody' }
  | { readonly action: 'ask' };

const USE: Decision = { action: 'use' };
const ANSWER_YES: Decision = { action: 'answer-yes' };
const REFUSE_JSON: Decision = { action: 'refuse', reason: 'json' };
const REFUSE_NOBODY: Decision = { action: 'refuse', reason: 'nobody' };
const ASK: Decision = { action: 'ask' };

/**
 * Decides whether a person is asked (A6), in this order: a resolved value wins; `--json` refuses;
 * `--yes` answers confirms only; roundel's `interactive()` false refuses; else ask.
 */
export function decide(input: DecideInput): Decision {
  if (input.hasValue) return USE;
  // A --json caller reads one envelope and types nothing: a question would be a hang.
  if (input.json) return REFUSE_JSON;
  if (input.yes && input.kind === PromptKind.Confirm) return ANSWER_YES;
  // Stdout is not consulted: prompts are drawn on stderr, so `tool init > out.json` still asks.
  if (!interactive({ env: input.env, stdin: { isTTY: input.terminal.stdinIsTTY } })) return REFUSE_NOBODY;
  return ASK;
}
