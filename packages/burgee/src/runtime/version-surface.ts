import type { Manifest } from '../manifest/types.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { noVersion } from '../projections/refusals/index.js';
import { refuse } from './errors.js';
import type { Io } from './io.js';
import { fs } from './node-fs-ready.js';
import { packageVersion } from './package-version.js';
import type { Reporter, RunResult } from './report.js';

/** `--version`: the declared version, else the owning package.json's (H4). */
export function showVersion(manifest: Manifest, io: Io, report: Reporter): RunResult {
  const version = manifest.version ?? packageVersion(io.entry, fs);
  if (version === undefined) throw refuse(noVersion(manifest));
  if (report.json) return report.envelope(toSuccessEnvelope({ version }, {}));
  return report.text(version);
}
