/** Refusals of the synthesised commands' words: `completion <shell>`, `mcp config|install <client>` (C1, K1). */
import type { Refusal } from './refusal.js';
import { shellQuote, suggest } from './suggest.js';

const line = (words: readonly string[]): string => words.map(shellQuote).join(' ');

/**
 * A word that must be one of `known` (a shell, a client, a scope, `config`/`install`): the choices in
 * the hint and, when exactly one is near, the whole line with it corrected.
 */
export function notOneOf(
  where: string,
  what: string,
  given: string | undefined,
  known: readonly string[],
  typed: readonly string[],
): Refusal {
  const near = given === undefined ? [] : suggest(given, known);
  const refusal: Refusal = {
    message: given === undefined ? `${where} needs a ${what}` : `${where} does not know the ${what} "${given}"`,
    hint: `choose one of: ${known.join(', ')}`,
  };
  if (near.length === 1) {
    const eq = `=${given}`;
    const fixed = typed.map((w) =>
      w === given ? near[0]! : w.endsWith(eq) ? `${w.slice(0, -eq.length)}=${near[0]}` : w,
    );
    refusal.fix = line(fixed);
  }
  return refusal;
}

/** A word left over after the one the command takes. */
export const oneTooMany = (where: string, what: string, extra: string, usage: string): Refusal => ({
  message: `${where} takes one ${what}, got also ${JSON.stringify(extra)}`,
  hint: `usage: ${usage}`,
});

/** An option the synthesised command does not have. */
export const unknownSynthesisedOption = (where: string, flag: string, usage: string): Refusal => ({
  message: `unknown option ${flag} for ${where}`,
  hint: `usage: ${usage}`,
});

/** A valued option with nothing after it. */
export const synthesisedNeedsValue = (flag: string, usage: string): Refusal => ({
  message: `${flag} needs a value`,
  hint: `usage: ${usage}`,
});

/** `--dry-run` given to `mcp config`, which never writes anyway (K2). */
export const dryRunOnlyInstall = (typed: readonly string[]): Refusal => ({
  message: '--dry-run belongs to mcp install; mcp config never writes',
  fix: line(typed.filter((word) => word !== '--dry-run')),
});

/** `--http` with something that is not an http(s) URL (K1, M7). */
export const notAServerUrl = (given: string): Refusal => ({
  message: `--http expects the server's URL, got ${JSON.stringify(given)}`,
  hint: 'give the address the server prints when it starts, e.g. --http http://127.0.0.1:8080/mcp',
});
