import type { YargsInstance } from './state.js';

/**
 * True when the program's root reads a word it does not know as its own: it has a default command
 * (`$0`), or no commands at all (every word lands in `argv._`). Then `lint mcp` lints something
 * named mcp, and burgee adds no command by word (F1).
 */
export function takesWords(instance: YargsInstance): boolean {
  const commands = instance.getInternalMethods().getCommandInstance();
  return commands.hasDefaultCommand() || commands.getCommands().length === 0;
}
