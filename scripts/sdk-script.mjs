// Compiles the MCP SDK (with its zod) into one classic script, `dist/chunks/vendor-mcp-sdk.script.js`,
// which runtime/code-cache.ts runs with V8's code cache: an ES module cannot be given a code cache
// on Node 20 (module.enableCompileCache arrived in 22.1), a script can on every Node burgee
// supports. Compiling the SDK's half megabyte is a tenth of an MCP server's start on Node 20.
//
// The file is the SDK's bundled code as the main build would emit it, minified the same way, with
// its `export { … }` turned into a returned object:
//
//   //burgee-script <sha-256 of the rest, 16 hex digits>
//   (function () { 'use strict';
//   <the bundle>
//   return { Server: …, … };
//   })
//
// The first line names the content, so a cache is never read for other code (V8 checks only the
// source's length); the wrapper takes two lines of its own, so the source map needs no other shift.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';
import { contentHash, splitExports, wrapAsScript } from './as-script.mjs';
import { lazySchemas } from './lazy-schemas.mjs';
import { minifyFile, ONE_LEAN_FILE } from './minify.mjs';
import { vendorPatches } from './vendor-patches.mjs';

export const SDK_SCRIPT = 'vendor-mcp-sdk.script.js';
/** The module listing the SDK values burgee uses, in the package's folder. */
export const SDK_ENTRY = 'src/runtime/mcp/sdk-entry.ts';

/**
 * The SDK reaches burgee's code only through runtime/mcp/sdk.ts, which runs the script the SDK is
 * compiled into: a value imported from the SDK's packages anywhere else would compile a second copy
 * of it into the shared build, so the build stops instead.
 */
export function sdkOnlyThroughItsScript(dir) {
  return {
    name: 'burgee-sdk-only-through-its-script',
    resolveId(source, importer) {
      if (!/^(@modelcontextprotocol\/(server|core)|zod)(\/|$)/.test(source)) return null;
      this.error(
        `${importer ?? 'an entry'} imports ${source}: take the SDK's values from runtime/mcp/sdk.ts (add them to ${join(dir, SDK_ENTRY)})`,
      );
    },
  };
}

/** Builds `dist/chunks/vendor-mcp-sdk.script.js` (and its map) from `entry`, the SDK values burgee uses. */
export async function buildSdkScript(dir, entry) {
  const chunks = join(dir, 'dist', 'chunks');
  const staging = join(chunks, 'vendor-mcp-sdk.module.js');
  const output = await build({
    input: { 'vendor-mcp-sdk.module': entry },
    cwd: dir,
    platform: 'node',
    // What the SDK needs of Node comes through its shims (scripts/vendor-patches.mjs): an import
    // left in the bundle could not run in a script, so none may remain (checked below).
    external: (id) => id.startsWith('node:'),
    logLevel: 'warn',
    plugins: [vendorPatches(), lazySchemas()],
    output: {
      dir: chunks,
      format: 'esm',
      entryFileNames: '[name].js',
      ...ONE_LEAN_FILE,
    },
  });
  const [chunk, ...more] = output.output.filter((item) => item.type === 'chunk');
  if (chunk === undefined || more.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`${entry}: the MCP SDK must bundle into one chunk that imports nothing, to run as a script`);
  }
  minifyFile(staging);
  const { body, exports } = splitExports(readFileSync(staging, 'utf8'), staging);
  if (/\bimport\.meta\b|^\s*(import|export)\b/m.test(body)) {
    throw new Error(`${staging}: module syntax outside the final export clause; it cannot run as a script`);
  }
  const code = `${wrapAsScript(body, exports, [], SDK_SCRIPT)}\n`;
  const hash = contentHash(code);
  const script = join(chunks, SDK_SCRIPT);
  writeFileSync(script, `//burgee-script ${hash}\n${code}//# sourceMappingURL=${SDK_SCRIPT}.map\n`);
  // Two lines come before the bundle's first: one `;` each in the mappings.
  const map = JSON.parse(readFileSync(`${staging}.map`, 'utf8'));
  writeFileSync(`${script}.map`, JSON.stringify({ ...map, file: SDK_SCRIPT, mappings: `;;${map.mappings}` }));
  rmSync(staging);
  rmSync(`${staging}.map`);
}
