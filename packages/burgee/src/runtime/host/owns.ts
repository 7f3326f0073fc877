import { findSynthesised } from '../../manifest/synthesised.js';
import type { Manifest } from '../../manifest/types.js';
import { findSurface, type ValuesOf } from './surfaces.js';

/**
 * Which runs a foreign program parses itself: all but burgee's own surfaces (`--schema`, `--mcp`,
 * `--llms`) and the commands burgee adds (`completion`, `mcp`, `__complete`, `skills`). Its help
 * stays its own; `--json` and `--explain` are its parse, answered by burgee. `valuesOf` is how the
 * host reads a command line (findSurfaces).
 */
export function hostOwns(manifest: Manifest, argv: readonly string[], valuesOf?: ValuesOf): boolean {
  const added = findSynthesised(manifest.root, argv);
  if (added !== undefined && added.row.name !== 'help') return false;
  const surface = findSurface(argv, (flag) => manifest.shadows?.includes(flag) === true, valuesOf);
  return surface === undefined || surface === '--json' || surface === '--explain';
}
