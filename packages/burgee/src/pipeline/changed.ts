import { BurgeeError } from '../errors/errors.js';
import { noChanged } from '../errors/refusals/results.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';

/**
 * An idempotent command's `changed`, which its handler must return (E4): for a declared command and
 * for one read from commander or yargs alike.
 */
export function changedOf(manifest: Pick<Manifest, 'name'>, command: ManifestCommand, data: unknown): boolean {
  const changed = (data as { changed?: unknown } | null)?.changed;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof changed !== 'boolean') {
    const refusal = noChanged(manifest, command);
    throw new BurgeeError(ExitCode.RUNTIME, refusal.message, refusal);
  }
  return changed;
}
