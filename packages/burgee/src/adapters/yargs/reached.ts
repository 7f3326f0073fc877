import type { YargsInstance } from './state.js';

/**
 * True when the words reach a command of the program, whose handler yargs calls and whose return is
 * the run's `data`. Otherwise the program does its work itself after `parse()` returns (reading
 * `argv._`), and the run is its whole process.
 */
export function reachesHandler(instance: YargsInstance, args: readonly string[]): boolean {
  const commands = instance.getInternalMethods().getCommandInstance();
  if (commands.hasDefaultCommand()) return true;
  const names = new Set(commands.getCommands());
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((word) => names.has(word));
}
