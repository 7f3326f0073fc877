import { colorLevel, createColors } from 'roundel';
import { renderCounts, renderFindings } from '../check/render.js';
import type { CheckReport } from '../check/types.js';
import type { Context } from '../declaration/types.js';
import { BurgeeError } from '../errors/errors.js';
import { ExitCode } from '../manifest/exit-codes.js';
import { loadEntries } from './entry.js';
import { checkFailed } from './refusals.js';

/** What `burgee check` receives: the entry, `--strict` and the load timeout. */
export type CheckContext = Context<
  {
    readonly strict: { readonly type: 'boolean' };
    readonly loadTimeout: { readonly type: 'number'; readonly default: number };
  },
  readonly [{ readonly name: 'entry' }]
>;

/**
 * `burgee check <entry>`: loads the program as `burgee dev` does and reports what its agent
 * surfaces lack (X1). A person reads the findings on stderr; `--json` gets them as the envelope's
 * data. Exit 1 when any finding is an error, or any at all with `--strict`.
 */
export default async function check(ctx: CheckContext): Promise<CheckReport | undefined> {
  const [entry] = await loadEntries([ctx.args.entry], ctx.cwd, ctx.options.loadTimeout, 'check', 'check');
  const report = entry!.check;
  const { errors, warnings } = report.counts;
  const failing = errors + (ctx.options.strict === true ? warnings : 0);
  const summary = `${entry!.label}: ${renderCounts(report.counts)}`;
  if (!ctx.json && report.findings.length > 0) {
    const colors = createColors(colorLevel({ env: ctx.env, isTTY: process.stderr.isTTY === true }));
    process.stderr.write(`${renderFindings(report, colors)}\n\n`);
  }
  if (failing > 0) {
    const refusal = checkFailed(summary, errors === 0);
    throw new BurgeeError(ExitCode.RUNTIME, refusal.message, { ...refusal, data: report });
  }
  if (ctx.json) return report;
  process.stderr.write(`${summary}\n`);
  return undefined;
}
