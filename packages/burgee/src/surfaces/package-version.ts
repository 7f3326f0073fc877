import type * as NodeFs from 'node:fs';
import { dirname, join } from 'node:path';

/** The version in the package.json that owns `entry` (the nearest one above it), if any (H4). */
export function packageVersion(
  entry: string | undefined,
  fs: Pick<typeof NodeFs, 'existsSync' | 'readFileSync'>,
): string | undefined {
  if (entry === undefined) return undefined;
  let dir = dirname(entry);
  for (;;) {
    const file = join(dir, 'package.json');
    if (fs.existsSync(file)) {
      try {
        const version = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
        return typeof version === 'string' ? version : undefined;
      } catch {
        return undefined;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
