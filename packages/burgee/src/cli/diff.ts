import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../declaration/types.js';
import { diffDocuments } from '../diff/document.js';
import { readSchemaDocument } from '../diff/read-document.js';
import { renderDiff, renderTally } from '../diff/render.js';
import type { DiffReport } from '../diff/types.js';
import { BurgeeError, ConfigError, UsageError } from '../errors/errors.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { FullSchemaDocument } from '../projections/schema/types.js';
import { jsonErrorOffset, lineColumn } from '../text/json-position.js';
import { loadEntries } from './entry.js';
import {
  breakingChanges,
  documentNotJson,
  noSchemaDocument,
  notAFullDocument,
  refusedAs,
  twoStdins,
} from './refusals.js';

/** What `burgee diff` receives: the two contracts, `--allow-breaking` and the load timeout. */
export type DiffContext = Context<
  {
    readonly allowBreaking: { readonly type: 'boolean' };
    readonly loadTimeout: { readonly type: 'number'; readonly default: number };
  },
  readonly [{ readonly name: 'old' }, { readonly name: 'new' }]
>;

/**
 * `burgee diff <old> <new>`: compares two contracts, each a `--schema --full` file (`.json`, or `-`
 * for stdin) or an entry whose current document is taken, and classes each change (X4). Exit 1 on
 * a breaking change unless `--allow-breaking`.
 */
export default async function diff(ctx: DiffContext): Promise<DiffReport | undefined> {
  const [before, after] = await readBoth([ctx.args.old, ctx.args.new], ctx);
  const report = diffDocuments(before!, after!);
  if (!ctx.json) process.stdout.write(`${renderDiff(report)}\n`);
  if (report.counts.breaking > 0 && ctx.options.allowBreaking !== true) {
    const refusal = breakingChanges(renderTally(report), ctx.args.old);
    throw new BurgeeError(ExitCode.RUNTIME, refusal.message, { ...refusal, data: report });
  }
  return ctx.json ? report : undefined;
}

const isDocument = (arg: string): boolean => arg === '-' || arg.toLowerCase().endsWith('.json');

/** Both documents: files and stdin read as they are, entries loaded together (they share a loader root). */
async function readBoth(args: readonly [string, string], ctx: DiffContext): Promise<FullSchemaDocument[]> {
  const entries = args.filter((arg) => !isDocument(arg));
  if (args.filter((arg) => arg === '-').length > 1) throw refusedAs(UsageError, twoStdins());
  const loaded = await loadEntries(entries, ctx.cwd, ctx.options.loadTimeout, 'diff', 'schema');
  return args.map((arg) => {
    if (isDocument(arg)) return readDocument(arg, ctx.cwd);
    return loaded[entries.indexOf(arg)]!.schema;
  });
}

/** A `--schema --full` document from a file or stdin, or a clear refusal naming where and why. */
function readDocument(arg: string, cwd: string): FullSchemaDocument {
  const where = arg === '-' ? 'stdin' : arg;
  let text: string;
  try {
    text = readFileSync(arg === '-' ? 0 : resolve(cwd, arg), 'utf8');
  } catch {
    throw refusedAs(UsageError, noSchemaDocument(arg));
  }
  const offset = jsonErrorOffset(text);
  if (offset !== undefined) {
    const { line, column } = lineColumn(text, offset);
    throw refusedAs(ConfigError, documentNotJson(where, line, column));
  }
  const read = readSchemaDocument(JSON.parse(text));
  if (!read.ok) throw refusedAs(ConfigError, notAFullDocument(where, read.problem, read.summary === true));
  return read.document;
}
