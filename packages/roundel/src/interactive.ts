import { detectAgent, type Env } from './agent.js';

/** Whether each standard stream is a terminal; a closed stdin counts as not a terminal. */
export type TerminalState = { stdinIsTTY: boolean; stdoutIsTTY: boolean };

/** The inputs of `interactive()`; an absent key falls back to the process, an explicit `stdin: undefined` means closed. */
export type InteractiveInput = {
  env?: Env;
  stdin?: { readonly isTTY?: boolean } | undefined;
};

const isForced = (env: Env): boolean => env.FORCE_TTY === '1';

/** Tells whether a person may be asked for input now (A3), reading `process.env` and `process.stdin` only when they are not given. */
export function interactive(input: InteractiveInput = {}): boolean {
  // The one place roundel reads process globals: a convenience for callers with no runtime to inject.
  const env = input.env ?? process.env;
  // `in` rather than `??`: an explicit `stdin: undefined` is a closed stdin, not a request for the default.
  const stdin = 'stdin' in input ? input.stdin : process.stdin;
  if (isForced(env)) return true;
  if (detectAgent(env) !== undefined) return false;
  // CI runners often allocate a pseudo-terminal, yet nobody sits at it to answer.
  if (env.CI !== undefined && env.CI !== '') return false;
  return stdin?.isTTY === true;
}

/** The value burgee exposes as `ctx.interactive` (A2): forced by `FORCE_TTY=1`, else a terminal on stdout with no agent. */
export function contextInteractive(input: { env: Env; stdoutIsTTY: boolean }): boolean {
  // Deliberately ignores CI and stdin: this says who reads the output, A3 says who may be asked.
  return isForced(input.env) || (input.stdoutIsTTY && detectAgent(input.env) === undefined);
}
