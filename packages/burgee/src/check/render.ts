import type { Colors } from '../projections/human/colors.js';
import type { CheckReport } from './types.js';

/** The findings as a person reads them, one block each: severity, rule, message, then the fix. */
export function renderFindings(report: CheckReport, colors: Colors): string {
  return report.findings
    .map((finding) => {
      const severity = finding.severity === 'error' ? colors.red('error') : colors.yellow('warning');
      const head = `${severity} ${colors.dim(`[${finding.rule}]`)} ${finding.message}`;
      return finding.fix === undefined ? head : `${head}\n  fix: ${finding.fix}`;
    })
    .join('\n');
}

/** `1 error, 4 warnings, 2 silenced by check.ignore`, or `no findings`. */
export function renderCounts({ errors, warnings, silenced }: CheckReport['counts']): string {
  const parts: string[] = [];
  if (errors > 0) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  if (parts.length === 0) parts.push('no findings');
  if (silenced > 0) parts.push(`${silenced} silenced by check.ignore`);
  return parts.join(', ');
}
