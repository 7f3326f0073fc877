/**
 * The `usage` object a usage error carries (E5): enough of the help to fix the call,
 * small enough to read in an error.
 */
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { USAGE_ROWS, type UsageRow, type UsageSummary } from '../human/usage-rows.js';
import { commandSummary, mustPass, optionFlags, renderUsageLine, visibleCommands, visibleOptions } from './usage.js';

/** Builds the usage summary of a command: required options first, then subcommands, then the rest. */
export function toUsageSummary(manifest: Manifest, command: ManifestCommand): UsageSummary {
  // Deprecated items still work but are not worth a row in an error.
  const options = visibleOptions(command).filter((option) => option.deprecated === undefined);
  const children = visibleCommands(command).filter((child) => child.deprecated === undefined);
  const required = options.filter(mustPass).slice(0, USAGE_ROWS);
  const commands = children.slice(0, USAGE_ROWS - required.length);
  const optional = options
    .filter((option) => !mustPass(option))
    .slice(0, USAGE_ROWS - required.length - commands.length);
  const summary: UsageSummary = { command: renderUsageLine(manifest, command) };
  const optionRows = [...required, ...optional].map(optionRow);
  if (optionRows.length > 0) summary.options = optionRows;
  if (commands.length > 0) summary.commands = commands.map(commandRow);
  return summary;
}

function optionRow(option: ManifestOption): UsageRow {
  const parts = [option.description, mustPass(option) ? '(required)' : undefined];
  return { name: optionFlags(option), description: parts.filter((part) => part !== undefined).join(' ') };
}

const commandRow = (child: ManifestCommand): UsageRow => ({ name: child.name, description: commandSummary(child) });
