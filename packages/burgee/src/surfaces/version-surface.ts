import { refuse } from '../errors/errors.js';
import { noVersion } from '../errors/refusals/index.js';
import type { Manifest } from '../manifest/types.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import { fs } from '../process/loaded-fs.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { packageVersion } from './package-version.js';

/** `--version`: the declared version, else the owning package.json's (H4). */
export function showVersion(manifest: Manifest, io: Io, report: Reporter): RunResult {
  const version = manifest.version ?? packageVersion(io.entry, fs);
  if (version === undefined) throw refuse(noVersion(manifest));
  if (report.json) return report.envelope(toSuccessEnvelope({ version }, {}));
  return report.text(version);
}
