import type { Program } from '../declaration/types.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderHelp, toHelpData } from '../projections/help/index.js';
import { badBudget, mcpNeedsProcess, noSchemaOfItsOwn, noSuchField, noVersion } from '../projections/refusals/index.js';
import { findSchemaCommand, renderSchema, selectSchemaField, toSchemaDocument } from '../projections/schema/index.js';
import { refuse } from './errors.js';
import type { Io } from './io.js';
import { packageVersion } from './package-version.js';
import type { Globals } from './parse-argv.js';
import type { Reporter, RunResult } from './report.js';

/** `--help`: text for people, data under `--json` (DESIGN H2). */
export function showHelp(manifest: Manifest, command: ManifestCommand, io: Io, report: Reporter): RunResult {
  if (report.json) return report.envelope(toSuccessEnvelope(toHelpData(manifest, command), {}));
  return report.text(
    renderHelp(manifest, command, { width: io.stdout.columns ?? 80, colors: report.colors('stdout') }),
  );
}

/** `--schema`, drilled by command path and `--field` (DESIGN S1–S4). */
export function showSchema(
  manifest: Manifest,
  command: ManifestCommand,
  globals: Globals,
  report: Reporter,
): RunResult {
  let budget: number | undefined;
  if (globals.budget !== undefined) {
    budget = Number(globals.budget);
    if (!Number.isInteger(budget) || budget <= 0) throw refuse(badBudget(globals.budget), command);
  }
  const document: unknown =
    command === manifest.root
      ? toSchemaDocument(manifest, budget === undefined ? {} : { budget })
      : findSchemaCommand(manifest, command.path);
  if (document === undefined) {
    // A group runs nothing, and a hidden command is not in the document: neither can be drilled into.
    throw refuse(noSchemaOfItsOwn(manifest, command), command);
  }
  if (globals.field === undefined) return report.document(renderSchema(document));
  const picked = selectSchemaField(document, globals.field);
  if (!picked.ok) {
    throw refuse(noSuchField(globals.field, picked.at, picked.available), command);
  }
  return report.document(JSON.stringify(picked.value ?? null));
}

/** `--version`: the declared version, else the owning package.json's (DESIGN H4). */
export function showVersion(manifest: Manifest, io: Io, report: Reporter): RunResult {
  const version = manifest.version ?? packageVersion(io.entry);
  if (version === undefined) throw refuse(noVersion(manifest));
  if (report.json) return report.envelope(toSuccessEnvelope({ version }, {}));
  return report.text(version);
}

/**
 * `--mcp`: serves the whole program over this process's stdin and stdout until stdin closes (M1).
 * The serve loop, and with it the MCP SDK, is imported here only, so other runs never load it (N1).
 */
export async function serveMcpSurface(
  program: Program,
  command: ManifestCommand,
  io: Io,
  report: Reporter,
): Promise<RunResult> {
  if (io.ownsProcess !== true) throw refuse(mcpNeedsProcess(), command);
  const { serveMcp } = await import('./mcp/serve.js');
  const serving = await serveMcp(program, { env: io.env, cwd: io.cwd, entry: io.entry });
  await serving.closed;
  return report.text('');
}
