import { refuse } from '../errors/errors.js';
import {
  agentOrAll,
  notOneOf,
  synthesisedNeedsValue,
  takesNoWords,
  unknownSynthesisedOption,
} from '../errors/refusals/index.js';
import type { Manifest } from '../manifest/types.js';
import {
  agentGroupPaths,
  isSkillAgentId,
  SKILL_AGENT_IDS,
  SKILL_SCOPES,
  SKILLS_ACTIONS,
  type SkillAgentId,
  type SkillScope,
} from '../projections/skills/index.js';

/** What `skills print|add` was asked for, read from the words after `skills` (L1, L4). */
export type SkillsRequest =
  | { action: 'print'; group: string[] }
  | { action: 'add'; agents: SkillAgentId[]; scope: SkillScope; dryRun: boolean };

/** Reads `print [<group>…]` or `add [--agent <id>…|--all] [--scope project|user] [--dry-run]`. */
export function readSkillsWords(manifest: Manifest, words: readonly string[]): SkillsRequest {
  const typed = [manifest.name, 'skills', ...words];
  const [action, ...after] = words.filter((word) => word !== '--json');
  if (action === 'print') return readPrint(manifest, after, typed);
  if (action === 'add') return readAdd(manifest.name, after, typed);
  throw refuse(notOneOf(`${manifest.name} skills`, 'command', action, SKILLS_ACTIONS, typed));
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

function readAdd(name: string, words: readonly string[], typed: readonly string[]): SkillsRequest {
  const where = `${name} skills add`;
  const usage = `${where} [--agent <id>...|--all] [--scope project|user] [--dry-run]`;
  const request = {
    action: 'add' as const,
    agents: [] as SkillAgentId[],
    scope: 'project' as SkillScope,
    dryRun: false,
  };
  let all = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq === -1 ? word : word.slice(0, eq);
    if (flag === '--all' && eq === -1) all = true;
    else if (flag === '--dry-run' && eq === -1) request.dryRun = true;
    else if (flag === '--agent' || flag === '--scope') {
      const value = eq === -1 ? words[++i] : word.slice(eq + 1);
      if (value === undefined || value === '') throw refuse(synthesisedNeedsValue(flag, usage));
      if (flag === '--scope') request.scope = scopeOf(where, value, typed);
      // Repeated, or comma-separated, as a repeatable option of a command is (D3).
      else request.agents.push(...value.split(',').map((id) => agentOf(where, id, typed)));
    } else if (flag.startsWith('-')) throw refuse(unknownSynthesisedOption(where, flag, usage));
    else throw refuse(takesNoWords(where, word, usage));
  }
  if (all && request.agents.length > 0) throw refuse(agentOrAll(typed));
  request.agents = all ? [...SKILL_AGENT_IDS] : [...new Set(request.agents)];
  return request;
}

function scopeOf(where: string, value: string, typed: readonly string[]): SkillScope {
  if (value === 'project' || value === 'user') return value;
  throw refuse(notOneOf(where, 'scope', value, SKILL_SCOPES, typed));
}

function agentOf(where: string, id: string, typed: readonly string[]): SkillAgentId {
  if (isSkillAgentId(id)) return id;
  throw refuse(notOneOf(where, 'agent', id, SKILL_AGENT_IDS, typed));
}
