import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderHelp, toHelpData } from '../projections/help/index.js';
import {
  type FittedSchema,
  findSchemaCommand,
  fitManifestSchema,
  renderSchema,
  selectSchemaField,
} from '../projections/schema/index.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';
import { type Layer, winner } from './layers.js';
import { packageVersion } from './package-version.js';
import type { Globals } from './parse-argv.js';
import type { Reporter } from './report.js';

/** `--help`: text for people, data under `--json` (DESIGN H2). */
export function showHelp(manifest: Manifest, command: ManifestCommand, io: Io, report: Reporter, all = false): number {
  if (report.json) report.envelope(toSuccessEnvelope(toHelpData(manifest, command, { all }), {}));
  else
    report.text(
      renderHelp(manifest, command, { width: io.stdout.columns ?? 80, colors: report.colors('stdout'), all }),
    );
  return 0;
}

/** `--schema`, drilled by command path and `--field`, within its budget (DESIGN S1–S4). */
export function showSchema(manifest: Manifest, command: ManifestCommand, globals: Globals, report: Reporter): number {
  const budget = wholeNumber('--budget', globals.budget, 'give the budget in characters, e.g. --budget 20000');
  const page = wholeNumber('--page', globals.page, 'pages count from 1, e.g. --page 2');
  const where = [manifest.name, ...command.path].join(' ');
  let document: unknown;
  if (command === manifest.root || !command.runnable) {
    const fitted = fitManifestSchema(manifest, {
      ...(budget === undefined ? {} : { budget }),
      ...(page === undefined ? {} : { page }),
      group: command.path,
    });
    if (!fitted.ok) throw schemaRefusal(fitted, where, budget ?? manifest.schemaBudget);
    document = fitted.document;
    if (command !== manifest.root && (fitted.document.commands.length === 0 || command.hidden)) document = undefined;
  } else {
    if (page !== undefined) {
      throw new UsageError('--page pages the document of a program or group, not one command', {
        hint: 'one command is always printed whole',
        fix: `${where} --schema`,
      });
    }
    document = findSchemaCommand(manifest, command.path);
  }
  if (document === undefined) {
    throw new UsageError(`${where} has no schema of its own`, {
      hint: `${manifest.name} --schema lists every command`,
    });
  }
  if (globals.field === undefined) {
    report.document(renderSchema(document));
    return 0;
  }
  const picked = selectSchemaField(document, globals.field);
  if (!picked.ok) {
    throw new UsageError(`--field ${globals.field}: no field "${picked.at}"`, {
      hint:
        picked.available.length === 0
          ? 'there is nothing below this value'
          : `fields there: ${picked.available.join(', ')}`,
    });
  }
  report.document(JSON.stringify(picked.value ?? null));
  return 0;
}

/** `--all` belongs to `--help` alone (DESIGN H2). */
export function allWithoutHelp(manifest: Manifest, command: ManifestCommand): UsageError {
  const where = [manifest.name, ...command.path].join(' ');
  return new UsageError('--all lists every command on a help screen and means nothing without --help', {
    hint: 'add --help, or drop --all',
    fix: `${where} --help --all`,
  });
}

/** `--page` belongs to `--schema` alone (DESIGN S4). */
export function pageWithoutSchema(manifest: Manifest, command: ManifestCommand, page: string): UsageError {
  const where = [manifest.name, ...command.path].join(' ');
  return new UsageError('--page pages the --schema document and means nothing without it', {
    hint: 'add --schema, or drop --page',
    fix: `${where} --schema --page ${page}`,
  });
}

function wholeNumber(flag: string, text: string | undefined, hint: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new UsageError(`${flag} expects a positive whole number, got ${JSON.stringify(text)}`, { hint });
  return value;
}

function schemaRefusal(fitted: Exclude<FittedSchema, { ok: true }>, where: string, budget: number): UsageError {
  if (fitted.reason === 'page') {
    return new UsageError(`${where} --schema has ${fitted.pages === 1 ? '1 page' : `${fitted.pages} pages`}`, {
      hint: fitted.pages === 1 ? 'the whole document fits on one page' : `ask for a page from 1 to ${fitted.pages}`,
      fix: `${where} --schema --page ${fitted.pages}`,
    });
  }
  return new UsageError(`a budget of ${budget} characters cannot hold even one entry of ${where} --schema`, {
    hint: `the smallest page takes ${fitted.minimum} characters`,
    fix: `${where} --schema --budget ${fitted.minimum}`,
  });
}

/** `--version`: the declared version, else the owning package.json's (DESIGN H4). */
export function showVersion(manifest: Manifest, io: Io, report: Reporter): number {
  const version = manifest.version ?? packageVersion(io.entry);
  if (version === undefined)
    throw new UsageError(`${manifest.name} declares no version`, {
      hint: 'declare version in defineProgram, or ship a package.json beside the program',
    });
  if (report.json) report.envelope(toSuccessEnvelope({ version }, {}));
  else report.text(version);
  return 0;
}

/** `--explain <option>`: the winning layer and every candidate, running nothing (DESIGN P5). */
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
    const names = command.options.filter((o) => !o.hidden).map((o) => o.flag.slice(2));
    throw new UsageError(`--explain: ${[manifest.name, ...command.path].join(' ')} has no option "${wanted}"`, {
      hint: names.length === 0 ? 'this command has no options' : `its options: ${names.join(', ')}`,
    });
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
