import type { DiffReport } from './types.js';

/** The changes as a person reads them, one a line: class, kind, what changed; then the bump. */
export function renderDiff(report: DiffReport): string {
  if (report.changes.length === 0) return 'no changes: nothing to release';
  const kind = Math.max(...report.changes.map((change) => change.kind.length));
  const lines = report.changes.map(
    (change) => `${change.class.padEnd('compatible'.length)}  ${change.kind.padEnd(kind)}  ${change.message}`,
  );
  return `${lines.join('\n')}\n\n${renderTally(report)}`;
}

/** `3 changes, 1 breaking: a major release`. */
export function renderTally({ changes, counts, bump }: DiffReport): string {
  const total = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
  return `${total}, ${counts.breaking} breaking: ${bump === 'none' ? 'nothing to release' : `a ${bump} release`}`;
}
