import { detectAgent, type Env } from './agent.js';

/** The ways a run can write its output: exact JSON, plain text for an agent, drawn for a terminal, or plain for a pipe. */
export const OutputMode = { Json: 'json', Agent: 'agent', Tty: 'tty', Plain: 'plain' } as const;

/** One of the values of `OutputMode`. */
export type OutputMode = (typeof OutputMode)[keyof typeof OutputMode];

const MODES: ReadonlySet<unknown> = new Set(Object.values(OutputMode));

/** Tells whether a value is one of the `OutputMode` values. */
export function isOutputMode(value: unknown): value is OutputMode {
  return MODES.has(value);
}

/** Chooses the output mode: `--json` first, then an agent, then a terminal on stdout, else plain (H5). */
export function outputMode(input: { json: boolean; env: Env; stdoutIsTTY: boolean }): OutputMode {
  if (input.json) return OutputMode.Json;
  // An agent often runs under a pseudo-terminal, and redrawn progress bars are noise in its transcript.
  if (detectAgent(input.env) !== undefined) return OutputMode.Agent;
  return input.stdoutIsTTY ? OutputMode.Tty : OutputMode.Plain;
}
