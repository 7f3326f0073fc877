/**
 * Failures and refusals as a person reads them on stderr (E8, A4). Only the labels are
 * coloured, so the message itself stays copyable.
 */
import { alignColumns } from './align.js';
import type { Colors } from './colors.js';
import { escapeControls } from './escape.js';
import { USAGE_ROWS, type UsageRow, type UsageSummary } from './usage-rows.js';

/** What a failure says to a person; `fix` is one exact runnable line. */
export type FailureText = {
  message: string;
  hint?: string | undefined;
  fix?: string | undefined;
  usage?: UsageSummary | undefined;
};

/** One runnable next step; `command` arrives with the program name already in front. */
export type NextStepText = { command: string; when?: string | undefined };

/** What an action-required stop says to a person. */
export type ActionRequiredText = {
  reason: string;
  message: string;
  next: readonly NextStepText[];
  hint?: string | undefined;
};

/** Renders a failure: `error:`, then `hint:`, `fix:` and, for usage errors, the usage block. */
export function renderFailure(failure: FailureText, colors: Colors): string {
  // Messages quote what the caller typed: its control characters are shown, never acted on (E10).
  const lines = [`${colors.red(colors.bold('error:'))} ${escapeControls(failure.message)}`];
  if (failure.hint !== undefined) lines.push(`${colors.yellow('hint:')} ${escapeControls(failure.hint)}`);
  if (failure.fix !== undefined) lines.push(`${colors.green('fix:')} ${escapeControls(failure.fix, true)}`);
  if (failure.usage !== undefined) lines.push('', ...renderUsageBlock(failure.usage, colors));
  return lines.join('\n');
}

function renderUsageBlock(usage: UsageSummary, colors: Colors): string[] {
  const rows = [...longFlagsAligned(usage.options ?? []), ...(usage.commands ?? [])].slice(0, USAGE_ROWS);
  const table = alignColumns(
    rows.map((row) => [escapeControls(row.name, true), escapeControls(row.description, true)]),
    { indent: 2, gap: 2 },
  );
  return [`${colors.bold('usage:')} ${escapeControls(usage.command, true)}`, ...table];
}

/** As help lays them out: when any option has a short letter, a long-only flag lines up under the long ones. */
function longFlagsAligned(options: readonly UsageRow[]): UsageRow[] {
  if (!options.some((row) => /^-[^-]/.test(row.name))) return [...options];
  return options.map((row) => (row.name.startsWith('--') ? { ...row, name: `    ${row.name}` } : row));
}

/** Renders an action-required stop (A4): the reason and message, then each runnable next step. */
export function renderActionRequired(action: ActionRequiredText, colors: Colors): string {
  const heading = colors.yellow(colors.bold(`action required (${escapeControls(action.reason, true)}):`));
  const lines = [`${heading} ${escapeControls(action.message)}`];
  if (action.next.length > 0) {
    const rows = action.next.map((step) => [escapeControls(step.command, true), escapeControls(step.when ?? '', true)]);
    lines.push('next:', ...alignColumns(rows, { indent: 2, gap: 4 }));
  }
  if (action.hint !== undefined) lines.push(`${colors.yellow('hint:')} ${escapeControls(action.hint)}`);
  return lines.join('\n');
}
