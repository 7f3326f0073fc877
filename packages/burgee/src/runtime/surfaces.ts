import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderHelp, toHelpData } from '../projections/help/index.js';
import {
  badBudget,
  badPage,
  budgetTooSmall,
  explainNoOption,
  noSchemaOfItsOwn,
  noSuchField,
  noSuchPage,
  noVersion,
  pageOfOneCommand,
} from '../projections/refusals/index.js';
import { findSchemaCommand, fitManifestSchema, renderSchema, selectSchemaField } from '../projections/schema/index.js';
import { refuse } from './errors.js';
import type { Io } from './io.js';
import { type Layer, winner } from './layers.js';
import { packageVersion } from './package-version.js';
import type { Globals } from './parse-argv.js';
import type { Reporter } from './report.js';

/** `--help`: text for people, data under `--json` (H2). */
export function showHelp(manifest: Manifest, command: ManifestCommand, io: Io, report: Reporter, all = false): number {
  if (report.json) report.envelope(toSuccessEnvelope(toHelpData(manifest, command, { all }), {}));
  else
    report.text(
      renderHelp(manifest, command, { width: io.stdout.columns ?? 80, colors: report.colors('stdout'), all }),
    );
  return 0;
}

/** `--schema`, drilled by command path and `--field`, within its budget (S1–S4). */
export function showSchema(manifest: Manifest, command: ManifestCommand, globals: Globals, report: Reporter): number {
  const budget = wholeNumber(globals.budget, () => refuse(badBudget(globals.budget!), command));
  const page = wholeNumber(globals.page, () => refuse(badPage(globals.page!), command));
  let document: unknown;
  if (command === manifest.root || !command.runnable) {
    // The program, or a group drilled into: the document of every command below it, fitted (S4).
    const fitted = fitManifestSchema(manifest, {
      ...(budget === undefined ? {} : { budget }),
      ...(page === undefined ? {} : { page }),
      group: command.path,
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
    document = empty ? undefined : fitted.document;
  } else {
    if (page !== undefined) throw refuse(pageOfOneCommand(manifest, command), command);
    document = findSchemaCommand(manifest, command.path);
  }
  if (document === undefined) throw refuse(noSchemaOfItsOwn(manifest, command), command);
  if (globals.field === undefined) {
    report.document(renderSchema(document));
    return 0;
  }
  const picked = selectSchemaField(document, globals.field);
  if (!picked.ok) {
    throw refuse(noSuchField(globals.field, picked.at, picked.available), command);
  }
  report.document(JSON.stringify(picked.value ?? null));
  return 0;
}

function wholeNumber(text: string | undefined, refusal: () => Error): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw refusal();
  return value;
}

/** `--version`: the declared version, else the owning package.json's (H4). */
export function showVersion(manifest: Manifest, io: Io, report: Reporter): number {
  const version = manifest.version ?? packageVersion(io.entry);
  if (version === undefined) throw refuse(noVersion(manifest));
  if (report.json) report.envelope(toSuccessEnvelope({ version }, {}));
  else report.text(version);
  return 0;
}

/** `--explain <option>`: the winning layer and every candidate, running nothing (P5). */
export function showExplain(
  manifest: Manifest,
  command: ManifestCommand,
  name: string,
  layers: Map<ManifestOption, Layer[]>,
  report: Reporter,
): number {
  const wanted = name.replace(/^--/, '');
  const option = command.options.find((o) => o.key === wanted || o.flag === `--${wanted}`);
  if (option === undefined) {
    throw refuse(explainNoOption(manifest, command, wanted), command);
  }
  const candidates = layers.get(option) ?? [];
  const won = winner(candidates);
  const shown = (layer: Layer) =>
    'raw' in layer ? (option.secret ? '(redacted)' : JSON.stringify(layer.raw)) : undefined;
  if (report.json) {
    const data = {
      option: option.key,
      flag: option.flag,
      value: won === undefined ? null : option.secret ? '(redacted)' : (won.raw ?? null),
      source: won?.source ?? null,
      layers: candidates.map((l) => ({
        source: l.source,
        location: l.location ?? null,
        value: 'raw' in l ? (option.secret ? '(redacted)' : l.raw) : null,
        used: l === won,
      })),
    };
    report.envelope(toSuccessEnvelope(data, {}));
    return 0;
  }
  const lines = [
    won === undefined
      ? `${option.flag} has no value`
      : `${option.flag} = ${shown(won)}  (from ${won.source}${won.location === undefined ? '' : ` ${won.location}`})`,
  ];
  const width = Math.max(...candidates.map((l) => (l.location ?? '').length));
  for (const layer of candidates) {
    const value = shown(layer) ?? '(not set)';
    lines.push(
      `  ${layer.source.padEnd(8)}${(layer.location ?? '').padEnd(width + 2)}${value}${layer === won ? '  ← used' : ''}`,
    );
  }
  report.text(lines.join('\n'));
  return 0;
}
