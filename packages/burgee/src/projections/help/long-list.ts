import { HELP_COMMAND_LIMIT } from '../../manifest/globals.js';
import type { ManifestCommand } from '../../manifest/types.js';
import { visibleCommands } from './usage.js';

export { HELP_COMMAND_LIMIT };

/** The subcommands a help screen lists, and how many it leaves out. */
export type ListedCommands = { shown: ManifestCommand[]; more: number };

/**
 * The subcommands of one help screen (H2). Up to the limit, all of them in declared order; past
 * it, groups first (the way into the rest) then the first commands, so the screen stays readable and
 * the line below it says how many more there are and how to see them.
 */
export function listedCommands(command: ManifestCommand, all = false): ListedCommands {
  const visible = visibleCommands(command);
  if (all || visible.length <= HELP_COMMAND_LIMIT) return { shown: visible, more: 0 };
  const isGroup = (child: ManifestCommand) => !child.runnable;
  const groups = visible.filter(isGroup).slice(0, HELP_COMMAND_LIMIT);
  const commands = visible.filter((child) => !isGroup(child)).slice(0, HELP_COMMAND_LIMIT);
  return { shown: [...groups, ...commands], more: visible.length - groups.length - commands.length };
}

/** The line under a shortened list: how many more, and the two ways to see them. */
export const moreLine = (where: string, more: number): string =>
  `… and ${more} more: \`${where} --help --all\` lists every one, \`${where.split(' ')[0]} --schema\` describes them as JSON.`;
