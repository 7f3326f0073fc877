import type { Manifest, ManifestCommand } from '../../manifest/types.js';

/** One row of a help list that is not a declared option: a global flag. */
export type HelpEntry = { flags: string; description: string };

/**
 * The flags burgee adds to every program (DESIGN H2, P3, P5, S1, M1, H4). Which ones appear
 * depends on where help was asked, so a person never sees a flag that does nothing there.
 */
export function globalOptions(manifest: Manifest, command: ManifestCommand): HelpEntry[] {
  const rows: HelpEntry[] = [{ flags: '--json', description: 'print one JSON envelope' }];
  if (command.runnable) {
    rows.push({ flags: '--explain <option>', description: "show where an option's value comes from; runs nothing" });
  }
  if (manifest.config) {
    rows.push({ flags: '--config <path>', description: 'read option values from this JSON file' });
    rows.push({ flags: '--no-config', description: 'read no config file' });
  }
  if (command.path.length === 0) {
    rows.push({ flags: '--schema', description: 'print every command, option and exit code as JSON' });
    rows.push({ flags: '--mcp', description: 'serve this program over MCP on stdio' });
    rows.push({ flags: '--version', description: 'print the version' });
  }
  // `-h` is only ours while the command has not given the letter to one of its own options.
  const shortTaken = command.options.some((option) => option.short === 'h');
  rows.push({ flags: shortTaken ? '--help' : '-h, --help', description: 'show help' });
  return rows;
}
