/**
 * Refusals of values the parser read but the command cannot take (P6): missing, extra or out of
 * range. Each fix starts from the words the caller typed.
 */

import { argumentToken } from '../../manifest/names.js';
import type { ManifestArgument, ManifestOption } from '../../manifest/types.js';
import { insertWords, optionEnd, replaceWord, type Word, writeLine } from './command-line.js';
import { commandName, type Refusal, type Scene } from './refusal.js';
import { didYouMean, suggest } from './suggest.js';

/** A word after the last argument the command takes. */
export function unexpectedArgument(scene: Scene, extra: string): Refusal {
  const { command } = scene;
  const where = commandName(scene.manifest, command);
  const declared = command.arguments;
  const hint =
    command.commands.length > 0
      ? `${where} has: ${command.commands.map((c) => c.name).join(', ')}`
      : `${where} takes ${declared.length === 0 ? 'no arguments' : declared.map(argumentToken).join(' ')}`;
  return { message: `unexpected argument ${JSON.stringify(extra)} for ${where}`, hint };
}

/** A required argument not given: the fix writes its placeholder where it goes, before `--json` (and `--lean`). */
export function missingArgument(scene: Scene, argument: ManifestArgument): Refusal {
  const token = argumentToken(argument);
  const end = optionEnd(scene.words);
  // burgee's output flags stay at the end of the line, after the placeholder, in the order typed.
  const output = scene.words.slice(0, end).filter((word) => word.text === '--json' || word.text === '--lean');
  const before = scene.words.slice(0, end).filter((word) => !output.includes(word));
  const json: Word[] = output.map((word) => ({ text: word.text }));
  const words = [...before, { text: `<${argument.name}${argument.variadic ? '...' : ''}>` }, ...json];
  return {
    message: `missing argument ${token} for ${commandName(scene.manifest, scene.command)}`,
    hint: argument.description === undefined ? `give ${token}` : `give ${token}: ${argument.description}`,
    fix: writeLine(scene.manifest, [...words, ...scene.words.slice(end)]),
  };
}

/**
 * A required option set nowhere: the fix adds the flag and its placeholder before `--`. A secret
 * that a variable can give is never suggested on a command line, where the shell history and an
 * agent's transcript keep it: the refusal names the variable, and how an MCP client passes it on.
 */
export function missingOption(scene: Scene, option: ManifestOption): Refusal {
  const where = commandName(scene.manifest, scene.command);
  const unset = option.env === undefined ? '' : ` ($${option.env} is not set)`;
  const message = `missing required option ${option.flag} for ${where}${unset}`;
  if (option.secret && option.env !== undefined) {
    return {
      message,
      hint: `${option.flag} is a secret: set ${option.env} in the environment ${scene.manifest.name} runs in; for an MCP client, have the client pass it (${scene.manifest.name} mcp install <client> --env ${option.env}) and restart the client`,
    };
  }
  const sources = [
    option.flag,
    ...(option.env === undefined ? [] : [`$${option.env}`]),
    ...(scene.manifest.config ? ['the config file'] : []),
  ];
  const about = option.description === undefined ? '' : `${option.flag}: ${option.description}; `;
  const placeholder = { text: `<${option.placeholder ?? 'value'}>` };
  const words = insertWords(scene.words, optionEnd(scene.words), { text: option.flag }, placeholder);
  return { message, hint: `${about}set it with ${sources.join(' or ')}`, fix: writeLine(scene.manifest, words) };
}

/**
 * A value outside the option's choices or bounds. When it came from a flag and one choice is close,
 * the fix corrects that option's value, never an argument or another option's value that reads the same.
 */
export function outOfRange(
  scene: Scene,
  option: ManifestOption,
  problem: { message: string; bad: unknown },
  from: { source: string; location?: string | undefined },
): Refusal {
  // A suggestion close to a secret would say what the secret nearly is (D3).
  const close =
    option.choices === undefined || typeof problem.bad !== 'string' || option.secret
      ? []
      : suggest(problem.bad, option.choices.map(String));
  const hint =
    close.length > 0
      ? didYouMean(close)
      : option.choices !== undefined
        ? `choose one of ${option.choices.join(', ')}`
        : from.source === 'config'
          ? `set "${option.key}" to ${inRange(option)}`
          : `give ${option.flag} a value in range`;
  if (from.source !== 'flag') {
    const location = from.location === undefined ? '' : ` ${from.location}`;
    return { message: `${problem.message} (from ${from.source}${location})`, hint };
  }
  const refusal: Refusal = { message: problem.message, hint };
  const index = scene.words.findIndex((word) => word.of === option && word.text.slice(word.at ?? 0) === problem.bad);
  if (close.length === 1 && index !== -1) {
    const word = scene.words[index]!;
    const text = `${word.text.slice(0, word.at ?? 0)}${close[0]}`;
    refusal.fix = writeLine(scene.manifest, replaceWord(scene.words, index, { ...word, text }));
  }
  return refusal;
}

/** `a whole number from 1 to 20`: what a bounded number option takes. */
function inRange(option: ManifestOption): string {
  const kind = option.integer ? 'a whole number' : 'a number';
  const { minimum, maximum } = option;
  if (minimum !== undefined && maximum !== undefined) return `${kind} from ${minimum} to ${maximum}`;
  return minimum !== undefined ? `${kind} of at least ${minimum}` : `${kind} of at most ${maximum}`;
}

/**
 * A value the option's Standard Schema refused. A validator's message may repeat the value: a
 * secret's is written `(redacted)` wherever one of its forms appears (`given`: as typed, as read).
 */
export const schemaRefused = (
  option: ManifestOption,
  issues: readonly { message: string }[],
  given: readonly unknown[] = [],
): Refusal => ({
  message: `${option.flag}: ${issues.map((issue) => (option.secret ? redact(issue.message, given) : issue.message)).join('; ')}`,
  hint:
    option.description === undefined ? `give ${option.flag} a valid value` : `${option.flag}: ${option.description}`,
});

/** `text` with every spelling of the values in `given` replaced, the longest first. */
function redact(text: string, given: readonly unknown[]): string {
  const forms = new Set<string>();
  const add = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) add(item);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      forms.add(String(value));
      // As a message quotes it: `"a\"b"` holds `a\"b`, not `a"b`.
      forms.add(JSON.stringify(value).replace(/^"|"$/g, ''));
    }
  };
  for (const value of given) add(value);
  let redacted = text;
  for (const form of [...forms].filter((f) => f !== '').sort((a, b) => b.length - a.length)) {
    redacted = redacted.replaceAll(form, '(redacted)');
  }
  return redacted;
}
