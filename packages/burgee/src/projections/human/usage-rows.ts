/** The shape of the E5 `usage` object a failure renders; help builds it (help/usage-summary.ts). */

/** One row of a usage summary: an option's spelling as help writes it (`-t, --target <value>`), or a subcommand's name. */
export type UsageRow = { name: string; description: string };

/** The E5 `usage` object; `command` is the same usage line the help screen prints. */
export type UsageSummary = { command: string; options?: UsageRow[]; commands?: UsageRow[] };

/** At most this many rows in all, so an error stays an error and not a help screen. */
export const USAGE_ROWS = 8;
