// What the core's and the SDK's builds share in turning a bundled ES module into a classic script
// (scripts/core-script.mjs, scripts/sdk-script.mjs): a script has no `export`, so the module's final
// export list becomes the value its wrapping function returns.
import { createHash } from 'node:crypto';
import { Script } from 'node:vm';

/** Splits a bundled module into its code and its final export list, as [local, name] pairs. */
export function splitExports(module, where) {
  const tail = /export\s*\{([^}]*)\};?\s*\/\/# sourceMappingURL=\S+\s*$/.exec(module);
  if (tail === null) throw new Error(`${where} should end with one export list and its source map`);
  const exports = tail[1].split(',').map((pair) => {
    const [local, name = local] = pair.trim().split(/\s+as\s+/);
    return [local, name];
  });
  return { body: module.slice(0, tail.index).trimEnd(), exports };
}

/**
 * `body` as a script: a strict function (as the module was) of `params` that returns `exports`.
 * Compiled once here, so a syntax only a module allows fails the build, not a user's start. The
 * wrapper adds one line before the body's first, which its source map must account for.
 */
export function wrapAsScript(body, exports, params, filename) {
  const returned = exports.map(([local, name]) => `${name}: ${local}`).join(', ');
  const code = `(function (${params.join(', ')}) { 'use strict';\n${body}\nreturn { ${returned} };\n})`;
  new Script(code, { filename });
  return code;
}

/** The name a script's cache goes by: 16 hex digits of the SHA-256 of its text. */
export const contentHash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
