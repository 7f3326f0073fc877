import type { Manifest, ManifestCommand } from '../manifest/types.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import { builtinFs } from '../process/builtins.js';
import type { Io } from '../process/io.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderHelp, toHelpData } from '../projections/help/index.js';
import { packageVersion } from './package-version.js';

/** `--help`: text for people, data under `--json` (H2). */
export async function showHelp(
  manifest: Manifest,
  command: ManifestCommand,
  io: Io,
  report: Reporter,
  all = false,
): Promise<RunResult> {
  // Only the root lists --version; a package.json is looked for only there.
  const versioned =
    manifest.version !== undefined ||
    (command.path.length === 0 && packageVersion(io.entry, await builtinFs()) !== undefined);
  if (report.json) return report.envelope(toSuccessEnvelope(toHelpData(manifest, command, { all, versioned }), {}));
  const width = helpWidth(io.stdout.columns);
  return report.text(renderHelp(manifest, command, { width, colors: report.colors('stdout'), all, versioned }));
}

/** The terminal's width, or 80 when piped or when the terminal reports no width at all (0 columns, H2). */
export const helpWidth = (columns: number | undefined): number => (columns !== undefined && columns > 0 ? columns : 80);
