// Makes a package's `dist/index.js` the core chunk itself instead of a file that only re-exports it,
// so a program loads one ES module fewer at every start. On Node 20 each module costs a resolve and
// four round trips to the thread pool to read it (open, stat, read, close) before it is compiled (N1).
//
// The bundler shares the core's functions with the other entries and the lazy chunks through the
// core chunk's exports; folded into index.js those would become exports of the public entry. Instead
// index.js exports only the public API, and hands the chunk's exports to one object kept under a
// registered symbol on its `run` function. The chunk's file stays, as a module that reads them back
// and exports them under the names the other files already import: only code loaded after index.js
// reads it (the other entries import index.js first; the lazy chunks are loaded by it).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The key the internals live under: registered, so the reader needs no import but index.js. */
const KEY = 'Symbol.for("burgee.internals")';

/**
 * Folds `dist/core-*.js` into `dist/index.js`. The core chunk must sit beside index.js (the bundle
 * names it so), so its relative imports and its source map hold unchanged in the new file.
 */
export function foldCoreIntoIndex(dist) {
  const facade = /^export \{([^}]*)\} from "\.\/(core-[\w-]+\.js)";\s*$/.exec(
    readFileSync(join(dist, 'index.js'), 'utf8'),
  );
  if (facade === null) throw new Error(`${dist}/index.js should only re-export the core chunk`);
  const [, reexports, coreFile] = facade;
  const code = readFileSync(join(dist, coreFile), 'utf8');
  const tail = /\nexport \{([^}]*)\};\s*\/\/# sourceMappingURL=\S+\s*$/.exec(code);
  if (tail === null) throw new Error(`${coreFile} should end with one export list and its source map's URL`);
  const body = code.slice(0, tail.index);
  // The chunk exports `local as alias`; index.js re-exported `alias as Public`.
  const localOf = new Map(pairs(tail[1]).map(([local, alias = local]) => [alias, local]));
  const publicLocal = new Map(pairs(reexports).map(([alias, name = alias]) => [name, localOf.get(alias)]));
  const runLocal = publicLocal.get('run');
  if (runLocal === undefined) throw new Error(`${dist}/index.js should export run`);
  for (const local of localOf.values()) mustNotBeReassigned(body, local, coreFile);

  const internals = [...localOf].map(([alias, local]) => `${alias}: ${local}`).join(', ');
  writeFileSync(
    join(dist, 'index.js'),
    `${body}\nObject.defineProperty(${runLocal}, ${KEY}, { value: Object.freeze({ ${internals} }) });\n` +
      `export { ${[...publicLocal].map(([name, local]) => (local === name ? name : `${local} as ${name}`)).join(', ')} };\n\n` +
      '//# sourceMappingURL=index.js.map\n',
  );
  const map = JSON.parse(readFileSync(join(dist, `${coreFile}.map`), 'utf8'));
  writeFileSync(join(dist, 'index.js.map'), JSON.stringify({ ...map, file: 'index.js' }));
  rmSync(join(dist, `${coreFile}.map`));
  const aliases = [...localOf.keys()];
  writeFileSync(
    join(dist, coreFile),
    `import { run } from "./index.js";\nconst internals = run[${KEY}];\n` +
      `const ${aliases.map((alias, i) => `internal_${i} = internals[${JSON.stringify(alias)}]`).join(', ')};\n` +
      `export { ${aliases.map((alias, i) => `internal_${i} as ${alias}`).join(', ')} };\n`,
  );
}

const pairs = (list) => list.split(',').map((item) => item.trim().split(/\s+as\s+/));

/**
 * The reading module copies each value once, so an export the core could reassign later would go
 * stale there: only a top-level function, class or `const` may be folded, else the build stops (a
 * class with fields comes out as `var X = class`, which TypeScript's own checks forbid reassigning).
 */
function mustNotBeReassigned(body, local, file) {
  const name = local.replace(/\$/g, '\\$');
  if (
    !new RegExp(`^(?:(?:async )?function\\*? |class |const )${name}(?![\\w$])|^var ${name} = class\\b`, 'm').test(body)
  ) {
    throw new Error(
      `${file}: "${local}" is exported but not a top-level function, class or const; folding would freeze its first value`,
    );
  }
}
