import type { Binding, PromptInput } from 'caique';
import type { Ask } from '../declaration/ask.js';
import type { Io } from '../process/io.js';
import type { Resolved } from './resolve.js';

/** What caique needs from the run to apply A6: the caller's flags, the environment, the terminal. */
export type RunBinding = Pick<Binding<unknown>, 'json' | 'yes' | 'env' | 'stdinIsTTY' | 'input' | 'output'>;

/** The run's side of every prompt, bound prompts and `ctx.ask` alike. */
export function runBinding(io: Io, json: boolean, options: Resolved['options']): RunBinding {
  // Without the real terminal's streams (runProgram, an MCP call) nobody can be asked.
  const terminal = io.stdinIsTTY ? io.terminal?.() : undefined;
  const binding = { json, yes: options.yes === true, env: io.env, stdinIsTTY: terminal !== undefined };
  return terminal === undefined
    ? binding
    : { ...binding, input: terminal.input as PromptInput, output: terminal.output };
}

/**
 * `ctx.ask`: caique's prompts bound to this run, so a handler's question follows the same rule as
 * a bound option (A6) — asked at a terminal, refused at once under --json, in CI or for an agent.
 */
export function createAsk(binding: () => RunBinding): Ask {
  const caique = () => import('caique');
  return {
    text: async (options) => (await caique()).text({ ...options, ...binding() }),
    password: async (options) => (await caique()).password({ ...options, ...binding() }),
    path: async (options) => (await caique()).path({ ...options, ...binding() }),
    confirm: async (options) => (await caique()).confirm({ ...options, ...binding() }),
    select: async (options) => (await caique()).select({ ...options, ...binding() }),
    multiselect: async (options) => (await caique()).multiselect({ ...options, ...binding() }),
  };
}
