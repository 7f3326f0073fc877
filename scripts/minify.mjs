// Minifies a package's built ES modules in place, composing each source map with the one the bundle
// wrote, so a stack trace read through the map still lands on the TypeScript line it came from.
// Every start parses the whole of dist/index.js (and an MCP server the SDK's chunk) before running a
// line of it: fewer bytes are less to scan and pre-parse (N1; the A/B figures are in the commit).
// Function and class names are kept, since a user may print or compare them; strings stay ASCII, as
// the bundle writes them (one character past it makes V8 read the whole file as two-byte text).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync } from 'rolldown/experimental';

/**
 * The output options of a build that writes one lean file: its source map, no chunks beside it, no
 * comments (the declarations and source maps keep them), and ASCII only, since one character past
 * it makes V8 decode and scan the whole file as two-byte text (N1).
 */
export const ONE_LEAN_FILE = { sourcemap: true, codeSplitting: false, comments: false, charset: 'ascii' };

/** Minifies every `.js` file under `dist` (CommonJS `.cjs` files are left as they are). */
export function minifyDist(dist) {
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.js')) minifyFile(join(dist, file));
  }
}

export function minifyFile(path) {
  const code = readFileSync(path, 'utf8');
  const url = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(code);
  const inputMap = url === null ? undefined : JSON.parse(readFileSync(join(path, '..', url[1]), 'utf8'));
  const result = minifySync(path, url === null ? code : code.slice(0, url.index), {
    module: true,
    compress: true,
    mangle: { toplevel: true, keepNames: true },
    codegen: { asciiOnly: true },
    sourcemap: inputMap !== undefined,
    inputMap,
  });
  if (result.errors.length > 0) {
    throw new Error(`${path}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  if (/\P{ASCII}/u.test(result.code)) throw new Error(`${path}: minified output is not ASCII`);
  if (url === null) {
    writeFileSync(path, result.code);
    return;
  }
  writeFileSync(path, `${result.code}\n//# sourceMappingURL=${url[1]}\n`);
  const map = result.map;
  writeFileSync(join(path, '..', url[1]), JSON.stringify({ ...map, file: inputMap.file ?? map.file }));
}
