import { refuse } from '../errors/errors.js';
import {
  badBudget,
  badPage,
  budgetTooSmall,
  fullIsUnfitted,
  noSchemaOfItsOwn,
  noSuchField,
  noSuchPage,
  pageOfOneCommand,
} from '../errors/refusals/index.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import type { Globals } from '../pipeline/parse-argv.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import { findSchemaCommand, fitManifestSchema, renderSchema, selectSchemaField } from '../projections/schema/index.js';

/** `--schema`, drilled by command path and `--field`, within its budget (S1–S4). */
export function showSchema(
  manifest: Manifest,
  command: ManifestCommand,
  globals: Globals,
  report: Reporter,
): RunResult {
  const budget = wholeNumber(globals.budget, () => refuse(badBudget(globals.budget!), command));
  const page = wholeNumber(globals.page, () => refuse(badPage(globals.page!), command));
  if (globals.full && (budget !== undefined || page !== undefined))
    throw refuse(fullIsUnfitted(manifest, command, budget === undefined ? '--page' : '--budget'), command);
  const document = schemaOf(manifest, command, { budget, page, full: globals.full });
  if (document === undefined) throw refuse(noSchemaOfItsOwn(manifest, command), command);
  if (globals.field === undefined) return report.document(renderSchema(document));
  const picked = selectSchemaField(document, globals.field);
  if (!picked.ok) throw refuse(noSuchField(globals.field, picked.at, picked.step, picked.available), command);
  return report.document(JSON.stringify(picked.value ?? null));
}

/** How the caller asked for the document: `--budget`, `--page`, `--full`. */
type Asked = { budget: number | undefined; page: number | undefined; full: boolean };

/**
 * The document `--schema` prints at `command`: a whole program or group fitted to its budget (or
 * whole, with `--full`), or one command.
 */
function schemaOf(manifest: Manifest, command: ManifestCommand, { budget, page, full }: Asked): unknown {
  if (command !== manifest.root && command.runnable) {
    if (page !== undefined) throw refuse(pageOfOneCommand(manifest, command), command);
    return findSchemaCommand(manifest, command.path);
  }
  // The program, or a group drilled into: the document of every command below it, fitted (S4).
  const fitted = fitManifestSchema(manifest, {
    ...(budget === undefined ? {} : { budget }),
    ...(page === undefined ? {} : { page }),
    group: command.path,
    full,
  });
  if (!fitted.ok) {
    throw refuse(
      fitted.reason === 'page'
        ? noSuchPage(manifest, command, fitted.pages)
        : budgetTooSmall(manifest, command, budget ?? manifest.schemaBudget, fitted.minimum),
      command,
    );
  }
  const empty = command !== manifest.root && fitted.document.commands.length === 0;
  return empty ? undefined : fitted.document;
}

function wholeNumber(text: string | undefined, refusal: () => Error): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw refusal();
  return value;
}
