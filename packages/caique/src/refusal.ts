import { detectAgent, type Env } from 'roundel';

/**
 * What caique throws instead of waiting: a plain object whose `code` names the exit code, so a
 * framework classifies it without importing caique (burgee exits 2).
 */
export type Refusal = {
  readonly code: 'USAGE';
  readonly message: string;
  readonly hint: string;
  readonly fix?: string;
};

/** What caique throws when the person cancels a prompt (Ctrl-C, Esc): exit 4 in burgee. */
export type Cancellation = { readonly code: 'CANCELLED'; readonly message: string };

/** Where a refusal points: the flag that would have given the value, and one command line that passes it. */
export type RefusalTarget = { readonly flag?: string | undefined; readonly fix?: string | undefined };

/** Builds the refusal for a prompt nobody can answer, naming the flag and why nobody was asked. */
export function toRefusal(
  reason: 'json' | 'nobody',
  question: string,
  target: RefusalTarget,
  env: Env,
  stdinIsTTY: boolean,
): Refusal {
  const message =
    target.flag === undefined
      ? `"${question}" needs an answer, and nobody is there to answer`
      : `${target.flag} is required when nobody is there to answer`;
  const give = target.flag === undefined ? 'give the value another way' : `pass ${target.flag}`;
  const refusal = { code: 'USAGE' as const, message, hint: `${whyNobody(reason, env, stdinIsTTY)}: ${give}` };
  return target.fix === undefined ? refusal : { ...refusal, fix: target.fix };
}

/** The part of the rule that stopped the prompt, said the way a caller can act on it. */
function whyNobody(reason: 'json' | 'nobody', env: Env, stdinIsTTY: boolean): string {
  if (reason === 'json') return 'a --json run never asks';
  const agent = detectAgent(env);
  if (agent !== undefined) return `an agent (${agent}) is running this, and agents are never asked`;
  if (env.CI !== undefined && env.CI !== '') return 'CI is set, so nobody is at the terminal';
  return stdinIsTTY ? 'nobody can answer here' : 'stdin is not a terminal';
}

/** The one cancellation value, thrown when a person leaves a prompt. */
export const CANCELLED: Cancellation = Object.freeze({ code: 'CANCELLED', message: 'cancelled at the prompt' });
