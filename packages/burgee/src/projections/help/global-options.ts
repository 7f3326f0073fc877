import { type GlobalFlag, globalFlag, programGlobals } from '../../manifest/globals.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';

/** One row of a help list that is not a declared option: a global flag. */
export type HelpEntry = { flags: string; description: string };

/**
 * The flags burgee adds to every program, as its table lists them (H2, P3, P5, S1, M1, H4): each
 * only where it does something, so a person never sees a flag that does nothing there.
 */
export function globalOptions(manifest: Manifest, command: ManifestCommand, versioned = true): HelpEntry[] {
  // `-h` is only ours while the command has not given the letter to one of its own options.
  const taken = (letter: string) => command.options.some((option) => option.short === letter);
  return (
    programGlobals(manifest)
      // `--version` is listed only when there is a version to print (H2): else it would only be refused.
      .filter((row) => row.help !== undefined && listedAt(row, command) && (versioned || row.name !== 'version'))
      .map((row) => ({ flags: spelling(row, taken), description: row.help! }))
  );
}

/** True when help lists the row on this command: where it is valid, narrowed by `listed`. */
export function listedAt(row: GlobalFlag, command: ManifestCommand): boolean {
  const where = row.listed ?? row.at;
  if (where === 'root') return command.path.length === 0;
  if (where === 'runnable') return command.runnable;
  if (where === 'task') return command.runnable && command.task !== undefined;
  return true;
}

function spelling(row: GlobalFlag, taken: (letter: string) => boolean): string {
  const long = row.value === undefined ? globalFlag(row) : `${globalFlag(row)} <${row.value}>`;
  return row.short === undefined || taken(row.short) ? long : `-${row.short}, ${long}`;
}
