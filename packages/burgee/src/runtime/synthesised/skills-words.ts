import type { Manifest } from '../../manifest/types.js';
import { notOneOf, unknownSynthesisedOption } from '../../projections/refusals/index.js';
import { agentGroupPaths, SKILLS_ACTIONS } from '../../projections/skills/index.js';
import { refuse } from '../errors.js';

/** What `skills print` was asked for, read from the words after `skills` (L1). */
export type SkillsRequest = { action: 'print'; group: string[] };

/** Reads `print [<group>…]`. */
export function readSkillsWords(manifest: Manifest, words: readonly string[]): SkillsRequest {
  const typed = [manifest.name, 'skills', ...words];
  const rest = words.filter((word) => word !== '--json');
  const [action, ...after] = rest;
  if (action !== 'print') throw refuse(notOneOf(`${manifest.name} skills`, 'command', action, SKILLS_ACTIONS, typed));
  return readPrint(manifest, after, typed);
}

function readPrint(manifest: Manifest, words: readonly string[], typed: readonly string[]): SkillsRequest {
  const where = `${manifest.name} skills print`;
  const flag = words.find((word) => word.startsWith('-'));
  if (flag !== undefined) throw refuse(unknownSynthesisedOption(where, flag, `${where} [<group>...]`));
  if (words.length === 0) return { action: 'print', group: [] };
  const known = agentGroupPaths(manifest).map((path) => path.join(' '));
  const given = words.join(' ');
  if (!known.includes(given)) throw refuse(notOneOf(where, 'group', given, known, typed));
  return { action: 'print', group: [...words] };
}
