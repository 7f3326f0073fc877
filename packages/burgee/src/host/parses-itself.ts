import { findSynthesised } from '../manifest/synthesised.js';
import type { Manifest } from '../manifest/types.js';
import { findSurface, type HostReading, type SurfaceFlag } from './surfaces.js';

/**
 * Which runs a foreign program parses itself: all but burgee's own surfaces (`--schema`, `--mcp`,
 * `--llms`) and the commands burgee adds (`completion`, `mcp`, `__complete`, `skills`). Its help
 * stays its own; `--json` and `--explain` are its parse, answered by burgee. `reading` is how the
 * host reads a command line (findSurfaces).
 */
export function hostParsesItself(manifest: Manifest, argv: readonly string[], reading: HostReading = {}): boolean {
  const added = findSynthesised(manifest.root, argv);
  if (added !== undefined && added.row.name !== 'help') return false;
  const surface = findSurface(argv, shadowedOn(manifest, reading, argv), reading.valuesOf);
  return surface === undefined || surface === '--json' || surface === '--explain';
}

/** Which surface flags stay the program's on this line (F3): the host's reading, else the manifest's `shadows`. */
export function shadowedOn(manifest: Manifest, reading: HostReading, args: readonly string[]) {
  const { declares } = reading;
  return declares === undefined
    ? (flag: SurfaceFlag) => manifest.shadows?.includes(flag) === true
    : (flag: SurfaceFlag) => declares(args, flag);
}
