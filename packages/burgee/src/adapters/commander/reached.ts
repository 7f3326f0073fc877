import type { Command } from 'commander';
import { commanderReading } from './values.js';

/**
 * True when the words reach a command with an action, or a group (commander answers it with its
 * help, as a refusal burgee reports): what the action returns is the run's `data`. Otherwise they
 * reach a command without subcommands or action, whose work the program does itself after
 * `parse()` returns (reading `program.opts()`), and the run is its whole process.
 */
export function reachesAction(root: Command, args: readonly string[]): boolean {
  const command = commanderReading(root, args).path.at(-1) ?? root;
  return hasAction(command) || command.commands.length > 0;
}

const hasAction = (command: Command): boolean =>
  (command as unknown as { _actionHandler?: unknown })._actionHandler != null;
