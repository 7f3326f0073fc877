// The versions of the dependencies a package compiles into dist/ (bundle.mjs), as its package.json's
// `vendored` field states them to users, checked against the copies installed here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Refuses to build a package whose `vendored` field names another version of a compiled-in dependency
 * than the one installed, or a range: what the field states is what users run.
 */
export function checkVendored(root, dir, manifest) {
  for (const [dependency, declared] of Object.entries(manifest.vendored ?? {})) {
    // Where Node resolves it from the package: its own node_modules first, else the hoisted copy.
    const own = join(dir, 'node_modules', dependency, 'package.json');
    const where = existsSync(own) ? own : join(root, 'node_modules', dependency, 'package.json');
    const installed = existsSync(where) ? JSON.parse(readFileSync(where, 'utf8')).version : 'not installed';
    if (declared !== installed) {
      throw new Error(
        `${manifest.name}: "vendored" says ${dependency} ${declared} is compiled into dist/, but ${installed} is installed; install ${dependency}@${declared} exactly, or change the field and docs/mcp-sdk.md together`,
      );
    }
  }
}
