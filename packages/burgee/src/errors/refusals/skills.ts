/** Refusals of the skills surfaces: `skills print`, `skills add` and `--llms` (L1, L4, L5). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';
import { shellQuote } from './suggest.js';

/** `--llms` on a command below which an agent may run nothing: a withheld or hidden one (L2, L5). */
export function nothingForAgents(manifest: Manifest, command: ManifestCommand): Refusal {
  return {
    message: `${commandName(manifest, command)} holds no command an agent may run`,
    hint: `${manifest.name} --llms lists every one`,
  };
}

/** A word after a synthesised command that takes none there (`skills add api`). */
export const takesNoWords = (where: string, word: string, usage: string): Refusal => ({
  message: `${where} takes no words, got ${JSON.stringify(word)}`,
  hint: `usage: ${usage}`,
});

/** `--agent` and `--all` together: one names agents, the other every agent (L4). */
export const agentOrAll = (typed: readonly string[]): Refusal => ({
  message: '--agent names some agents and --all every one: give one of them',
  fix: typed
    .filter((word) => word !== '--all')
    .map(shellQuote)
    .join(' '),
});
