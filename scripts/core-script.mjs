// Turns the folded, minified `dist/index.js` into a classic script run from a small ES module, so
// that V8 can compile burgee's core from a code cache (runtime/code-cache.ts) on every Node burgee
// supports: compiling it was about a quarter of burgee's start-up over bare `node` (N1; the A/B is
// in the commit that brought this).
//
// The new `dist/index.js` holds the core's own imports of Node's modules, the cache code, and the
// core as a string: a function that takes what the imports bound, plus `import()` and
// `import.meta.url` (a script has neither), and returns the public API. It exports that API, so
// every other file keeps importing `./index.js` as before. The core's code keeps every line and
// column it had (the module syntax it drops is replaced by names of the same length), so its
// source map, `dist/core.js.map`, only gains the wrapper's line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';
import { contentHash, splitExports, wrapAsScript } from './as-script.mjs';
import { minifyFile, ONE_LEAN_FILE } from './minify.mjs';

/** The file name the core's stack frames and source map go by: it exists only as the string in index.js. */
const CORE = 'core.js';
const SOURCE_MODULE = '\0burgee-core-script';
const FACADE = '\0burgee-core-facade';
// Same length as what they replace, so no column moves.
const IMPORT_CALL = ['import(', '$mport('];
const IMPORT_META_URL = ['import.meta.url', '$mport_meta_url'];

/** Rebuilds `dist/index.js` of the package in `dir` as the loader of its core, compiled as a script. */
export async function buildCoreScript(dir) {
  const dist = join(dir, 'dist');
  const module = readFileSync(join(dist, 'index.js'), 'utf8');
  const { imports, locals, body, exports } = splitModule(module);
  const params = [...locals, IMPORT_CALL[1].slice(0, -1), IMPORT_META_URL[1]];
  const script = `${wrapAsScript(body, exports, params, CORE)}\n//# sourceMappingURL=${CORE}.map\n`;
  const content = contentHash(script);

  const map = JSON.parse(readFileSync(join(dist, 'index.js.map'), 'utf8'));
  writeFileSync(join(dist, `${CORE}.map`), JSON.stringify({ ...map, file: CORE, mappings: `;${map.mappings}` }));

  const facade = facadeSource(join(dir, 'src', 'runtime', 'code-cache.ts'), { imports, locals, exports, content });
  await build({
    input: { index: FACADE },
    cwd: dir,
    platform: 'node',
    external: (id) => id.startsWith('node:'),
    logLevel: 'warn',
    plugins: [
      {
        name: 'burgee-core-facade',
        resolveId: (id) => (id === FACADE || id === SOURCE_MODULE ? id : null),
        load: (id) =>
          id === FACADE ? facade : id === SOURCE_MODULE ? `export default ${JSON.stringify(script)};` : null,
      },
    ],
    output: {
      dir: dist,
      format: 'esm',
      entryFileNames: '[name].js',
      ...ONE_LEAN_FILE,
    },
  });
  minifyFile(join(dist, 'index.js'));
}

/** The new index.js: the core's imports, then the core run from its string, its API exported. */
function facadeSource(codeCache, { imports, locals, exports, content }) {
  return [
    ...imports,
    `import { compileScript } from ${JSON.stringify(codeCache)};`,
    `import source from ${JSON.stringify(SOURCE_MODULE)};`,
    `const core = compileScript(source, { filename: new URL(${JSON.stringify(`./${CORE}`)}, import.meta.url).href, content: ${JSON.stringify(content)} })(`,
    `  ${[...locals, '(specifier) => import(new URL(specifier, import.meta.url).href)', 'import.meta.url'].join(',\n  ')},`,
    ');',
    `export const { ${exports.map(([, name]) => name).join(', ')} } = core;`,
  ].join('\n');
}

/**
 * The parts of the folded core: its leading imports (Node's modules only) and the names they bind,
 * its code with the imports blanked out and `import()` and `import.meta.url` renamed, and its export
 * list as [local, name].
 */
function splitModule(module) {
  const imports = [];
  const locals = [];
  const leading = /^\s*import\s*(\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)\s*from\s*"(node:[\w/]+)";?/;
  let at = 0;
  for (let found = leading.exec(module); found !== null; found = leading.exec(module.slice(at))) {
    imports.push(`import ${found[1]} from "${found[2]}";`);
    locals.push(...boundNames(found[1]));
    at += found[0].length;
  }
  // Spaces where the imports were, line breaks kept: every column after them holds.
  let { body, exports } = splitExports(module.slice(0, at).replace(/[^\n]/g, ' ') + module.slice(at), 'dist/index.js');
  const calls = body.split(IMPORT_CALL[0]).length - 1;
  // Its own chunks, relative to index.js, and Node's modules: the two the facade's import() resolves alike.
  const known = body.match(/import\((`|"|')(\.\/chunks\/|node:)/g)?.length ?? 0;
  if (calls !== known) throw new Error('dist/index.js imports something other than its chunks or node: with import()');
  if (body.includes(IMPORT_CALL[1]) || body.includes(IMPORT_META_URL[1])) {
    throw new Error(`dist/index.js already uses ${IMPORT_CALL[1]} or ${IMPORT_META_URL[1]}`);
  }
  body = body.replaceAll(IMPORT_CALL[0], IMPORT_CALL[1]).replaceAll(IMPORT_META_URL[0], IMPORT_META_URL[1]);
  return { imports, locals, body, exports };
}

/** The local names an import clause binds: `{ a as b, c }`, `* as d` or `e`. */
function boundNames(clause) {
  if (!clause.startsWith('{')) return [clause.replace(/^\*\s*as\s+/, '').trim()];
  return clause
    .slice(1, -1)
    .split(',')
    .filter((item) => item.trim() !== '')
    .map((item) =>
      item
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    );
}
