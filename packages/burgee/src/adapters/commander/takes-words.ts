import type { Command } from 'commander';

/**
 * True when the program's root reads a word it does not know as its own: it has a default command
 * (`isDefault`), or arguments of its own. Then `lint mcp` lints something named mcp, and burgee
 * adds no command by word (F1).
 */
export function takesWords(root: Command): boolean {
  const own = root as unknown as { _defaultCommandName?: string | null };
  return (own._defaultCommandName ?? null) !== null || root.registeredArguments.length > 0;
}
