/** Refusals of the synthesised commands' words: `completion <shell>`, `mcp config|install <client>` (C1, K1). */
import { isVariableName } from '../../manifest/names.js';
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

/**
 * `--env` given something that is not a variable's name. The word is never shown: it may be a value
 * (`--env $DATABASE_URL` is expanded by the shell, `--env NAME=value` carries one), most likely a
 * secret. For `NAME=value`, the fix keeps only the name.
 */
export function notAVariableName(given: string, typed: readonly string[]): Refusal {
  const name = given.slice(0, Math.max(given.indexOf('='), 0));
  if (!isVariableName(name)) {
    return {
      message:
        "--env expects the name of an environment variable, and the word after it is not one (it is not shown, in case it is a variable's value)",
      hint: 'write the name itself: letters, digits and _, e.g. --env DATABASE_URL (not $DATABASE_URL, which the shell replaces with its value)',
    };
  }
  return {
    message: `--env takes a variable's name only, never its value: the value given for ${name} was not written anywhere`,
    hint: `the client passes ${name} from its own environment: set it where the client starts`,
    fix: line(typed.map((word) => (word === given ? name : word === `--env=${given}` ? `--env=${name}` : word))),
  };
}

/** `--env` with `--http`: the client starts no process there, so it has nothing to pass a variable to (K1, M7). */
export const envWithHttp = (names: readonly string[], typed: readonly string[]): Refusal => ({
  message: `--env passes a variable to a server the client starts; with --http the server already runs, so the client has nothing to pass ${names.join(', ')} to`,
  hint: `set ${names.join(', ')} where the server runs (--mcp --http), and leave --env out here`,
  fix: line(withoutEnv(typed)),
});

/** The typed words without any `--env NAME` or `--env=NAME`. */
function withoutEnv(typed: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < typed.length; i++) {
    if (typed[i] === '--env') i++;
    else if (!typed[i]!.startsWith('--env=')) kept.push(typed[i]!);
  }
  return kept;
}

/**
 * `--env` for a client that reads no reference to a variable in its file (Claude Desktop, Zed): only
 * the value could be written there, which burgee never does. `able` are the clients that can.
 */
export const cannotPassVariables = (client: string, names: readonly string[], able: readonly string[]): Refusal => ({
  message: `${client} cannot pass ${names.join(', ')} to the server without the value being written in its file, and burgee never writes a value`,
  hint: `give the server ${names.join(', ')} through ${client} yourself (its settings take only a value), or register with a client that passes a variable by name: ${able.join(', ')}`,
});

/**
 * `--env` given the value of a variable of this environment (`--env $NAME`, expanded by the shell)
 * where its name belongs: the value is neither shown nor written, and the fix names the variable.
 */
export const valueForName = (variable: string, given: string, typed: readonly string[]): Refusal => ({
  message: `--env was given the value of $${variable}, not a name (the shell replaced $${variable} with its value); the value was not written anywhere`,
  hint: `name the variable itself: --env ${variable}`,
  fix: line(typed.map((word) => (word === given ? variable : word === `--env=${given}` ? `--env=${variable}` : word))),
});
