/**
 * Refusals of a tool call's arguments that cannot become a command line (M3). Each is a usage
 * error of the tool's command, as the same words would be on the command line.
 */
import type { ManifestArgument, ManifestCommand } from '../../manifest/types.js';
import type { Refusal } from './refusal.js';

/** A refusal of a tool's arguments: always with a hint, never a fix (there is no command line to correct). */
type ArgumentRefusal = Refusal & { hint: string };

const POSITIONAL_HINT =
  'positional arguments are words on the command line: one word each (a list for the last, variadic one), never starting with "-"';

/** A key the command declares neither as an argument nor as an option. */
export function unknownArgument(command: ManifestCommand, key: string, where: string): ArgumentRefusal {
  const names = [
    ...command.arguments.map((a) => a.name),
    ...command.options.filter((o) => !o.hidden).map((o) => o.key),
  ];
  return {
    message: `unknown argument ${JSON.stringify(key)} for ${where}`,
    hint: names.length === 0 ? `${where} takes no arguments` : `${where} takes: ${names.join(', ')}`,
  };
}

/** A positional argument's value that is not one word (`problem` says why). */
export const notAWord = (argument: ManifestArgument, problem: string): ArgumentRefusal => ({
  message: `argument <${argument.name}> ${problem}`,
  hint: POSITIONAL_HINT,
});

/** A first positional that names a subcommand, so the words would run another command. */
export const namesSubcommand = (word: string, where: string): ArgumentRefusal => ({
  message: `argument value ${JSON.stringify(word)} names a subcommand of ${where}`,
  hint: POSITIONAL_HINT,
});

/** A positional that the parser would read as a flag. */
export const readAsOption = (word: string, where: string): ArgumentRefusal => ({
  message: `argument value ${JSON.stringify(word)} starts with "-", so ${where} would read it as an option`,
  hint: POSITIONAL_HINT,
});

/** A later argument given while an earlier optional one, with no default, was not. */
export const skippedArgument = (gap: ManifestArgument, later: ManifestArgument, where: string): ArgumentRefusal => ({
  message: `argument <${later.name}> was given without [${gap.name}], which comes before it in ${where}`,
  hint: `give ${gap.name} too: positional arguments cannot skip one`,
});
