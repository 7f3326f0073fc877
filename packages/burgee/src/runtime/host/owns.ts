import { findSynthesised } from '../../manifest/synthesised.js';
import type { Manifest } from '../../manifest/types.js';
import { findSurface } from './surfaces.js';

/**
 * Which runs a foreign program parses itself: all but burgee's own surfaces, `--schema`, `--mcp` and
 * the commands burgee adds (`completion`, `mcp`, `__complete`). Its help stays its own.
 */
export function hostOwns(manifest: Manifest, argv: readonly string[]): boolean {
  const added = findSynthesised(manifest.root, argv);
  if (added !== undefined && added.row.name !== 'help') return false;
  const surface = findSurface(argv, (flag) => manifest.shadows?.includes(flag) === true);
  return surface === undefined || surface === '--json';
}
