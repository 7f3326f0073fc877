/**
 * Refusals of an argument's word that the command cannot take as its type or among its choices
 * (D4, P6): the same words an option's value gets, with the argument named as help spells it.
 * `at` is where the word is in the caller's words, so the fix rewrites that word and no other.
 */

import { argumentToken } from '../../manifest/names.js';
import type { ManifestArgument } from '../../manifest/types.js';
import { replaceWord, writeLine } from './command-line.js';
import type { Refusal, Scene } from './refusal.js';
import { didYouMean, suggest } from './suggest.js';

/** A word where a number is wanted: the fix puts the argument's placeholder in its place. */
export function argumentNotANumber(scene: Scene, argument: ManifestArgument, at: number): Refusal {
  const token = argumentToken(argument);
  const about = argument.description === undefined ? '' : `: ${argument.description}`;
  return {
    message: `${token} expects a number, got ${JSON.stringify(scene.words[at]?.text)}`,
    hint: `give ${token} a number${about}`,
    fix: writeLine(scene.manifest, replaceWord(scene.words, at, { text: `<${argument.name}>` })),
  };
}

/**
 * A value outside the argument's choices. When one choice is close, the fix writes it in place of
 * the word typed; otherwise the hint lists the choices, as for an option.
 */
export function argumentNotAChoice(scene: Scene, argument: ManifestArgument, at: number): Refusal {
  const choices = (argument.choices ?? []).map(String);
  const typed = scene.words[at]?.text ?? '';
  const close = suggest(typed, choices);
  const refusal: Refusal = {
    message: `${argumentToken(argument)} must be one of ${choices.join(', ')}; got ${JSON.stringify(typed)}`,
    hint: close.length > 0 ? didYouMean(close) : `choose one of ${choices.join(', ')}`,
  };
  if (close.length === 1) refusal.fix = writeLine(scene.manifest, replaceWord(scene.words, at, { text: close[0]! }));
  return refusal;
}
