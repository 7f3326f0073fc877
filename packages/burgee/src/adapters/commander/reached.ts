import type { Command } from 'commander';
import { commanderValues } from './values.js';

/**
 * True when the words reach a command with an action, or a group (commander answers it with its
 * help, as a refusal burgee reports): what the action returns is the run's `data`. Otherwise they
 * reach a command without subcommands or action, whose work the program does itself after
 * `parse()` returns (reading `program.opts()`), and the run is its whole process.
 */
export function reachesAction(root: Command, args: readonly string[]): boolean {
  const values = commanderValues(root, args);
  let command = root;
  for (let at = 0; at < args.length; at++) {
    const word = args[at]!;
    if (word === '--') break;
    if (values.has(at) || word.startsWith('-')) continue;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub === undefined) break;
    command = sub;
  }
  const fallback = (command as unknown as { _defaultCommandName?: string | null })._defaultCommandName;
  if (!hasAction(command) && fallback) command = command.commands.find((c) => c.name() === fallback) ?? command;
  return hasAction(command) || command.commands.length > 0;
}

const hasAction = (command: Command): boolean =>
  (command as unknown as { _actionHandler?: unknown })._actionHandler != null;
