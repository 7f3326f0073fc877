// The package that takes the real library's place in a program's copy: same name, version and entry
// points, each forwarding to burgee's stand-in, or to the real library's own file where burgee has none.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const IMPORT = new Set(['node', 'import', 'default']);
const REQUIRE = new Set(['node', 'require', 'default']);

/** The file an `exports` target resolves to under one set of conditions, as Node picks it. */
export function pickTarget(target, conditions) {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = pickTarget(item, conditions);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (target === null || typeof target !== 'object') return undefined;
  for (const [key, value] of Object.entries(target)) {
    if (!conditions.has(key)) continue;
    const found = pickTarget(value, conditions);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every entry point of a package: subpath → the files `import` and `require` reach. */
export function entryPoints(manifest) {
  const exports = manifest.exports ?? { '.': `./${manifest.main ?? 'index.js'}` };
  const map =
    typeof exports === 'string' || Array.isArray(exports) || !Object.keys(exports).some((k) => k.startsWith('.'))
      ? { '.': exports }
      : exports;
  return Object.entries(map).map(([subpath, target]) => ({
    subpath,
    import: pickTarget(target, IMPORT),
    require: pickTarget(target, REQUIRE),
  }));
}

/**
 * The subpaths burgee stands in for. yargs' `yargs/yargs` is its bare factory (yargs 18 points it at
 * the same file as `yargs`), which is what `burgee/yargs` exports, so it goes to the stand-in too.
 */
function standsIn(host, subpath) {
  if (subpath === '.') return true;
  return host === 'commander' ? subpath === './esm.mjs' : subpath === './yargs';
}

const fileName = (subpath) => (subpath === '.' ? 'index' : subpath.slice(2).replace(/[^a-z0-9]+/gi, '-'));

/** The ES module text that forwards to `spec`, exporting the names the real entry exports. */
function esmText(spec, names, targetIsCommonJs) {
  const named = names.filter((n) => n !== 'default' && n !== 'module.exports');
  const hasDefault = names.includes('default');
  if (targetIsCommonJs) {
    const lines = [`import m from ${JSON.stringify(spec)};`];
    if (named.length > 0) lines.push(`export const { ${named.join(', ')} } = m;`);
    if (hasDefault) lines.push('export default m;');
    return `${lines.join('\n')}\n`;
  }
  const lines = [`export * from ${JSON.stringify(spec)};`];
  if (hasDefault) lines.push(`export { default } from ${JSON.stringify(spec)};`);
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the shim package at `dir`. `real` is the real library's manifest, `realDir` where its files
 * now live (inside burgee's folder), `names` what each real entry exports to `import`, and
 * `burgeeManifest` burgee's package.json. Returns the subpaths sent to the real library's files.
 */
export function writeShim({ dir, host, real, realDir, names, burgeeManifest }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const exports = {};
  const toReal = [];
  const burgeeImport = burgeeManifest.exports[`./${host}`].import;
  for (const entry of entryPoints(real)) {
    if (entry.subpath === './package.json') {
      exports['./package.json'] = './package.json';
      continue;
    }
    const base = fileName(entry.subpath);
    const mine = standsIn(host, entry.subpath);
    if (!mine) toReal.push(entry.subpath);
    const realSpec = (file) => `./${relative(dir, join(realDir, file)).split('\\').join('/')}`;
    const conditions = {};
    if (entry.import !== undefined) {
      const spec = mine ? `burgee/${host}` : realSpec(entry.import);
      const commonJs = mine ? burgeeImport.endsWith('.cjs') : false;
      writeFileSync(join(dir, `${base}.mjs`), esmText(spec, names[entry.subpath] ?? [], commonJs));
      conditions.import = `./${base}.mjs`;
    }
    if (entry.require !== undefined) {
      const spec = mine ? `burgee/${host}` : realSpec(entry.require);
      writeFileSync(join(dir, `${base}.cjs`), `module.exports = require(${JSON.stringify(spec)});\n`);
      conditions.require = `./${base}.cjs`;
      conditions.default = `./${base}.cjs`;
    }
    exports[entry.subpath] = conditions;
  }
  const manifest = { name: real.name, version: real.version, type: 'commonjs', exports };
  if (exports['.']?.require !== undefined) manifest.main = exports['.'].require;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return toReal;
}
