// What an `npm install` left in a node_modules folder: each package, its size, and the packages its
// JavaScript imports (statically, with `import()` or with `require`), read from the files themselves.
// Plain JavaScript: bench/install.mjs reads it too.

import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

// Minified code quotes a dynamic import's specifier with backticks as often as with quotes.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'`]([^"'`.\s/$][^"'`\s$]*)["'`]/g;

/** The package a bare specifier names: `@scope/name/deep` → `@scope/name`, `name/deep` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const builtins = new Set(builtinModules);

/** Every package under `nodeModules`, nested node_modules folders included. */
export function installedPackages(nodeModules) {
  const found = [];
  const visitFolder = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith('.')) continue;
      const path = join(folder, entry);
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(path)) visitPackage(join(path, scoped));
      } else visitPackage(path);
    }
  };
  const visitPackage = (dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const own = { name: manifest.name, dir, bytes: 0, imports: new Set() };
    walk(dir, own, visitFolder);
    found.push(own);
  };
  visitFolder(nodeModules);
  return found;
}

function walk(dir, into, nested) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') nested(path);
      else walk(path, into, nested);
      continue;
    }
    into.bytes += lstatSync(path).size;
    if (!/\.(m|c)?js$/.test(entry.name)) continue;
    for (const match of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1];
      if (specifier.startsWith('node:') || builtins.has(packageOf(specifier))) continue;
      into.imports.add(packageOf(specifier));
    }
  }
}

/**
 * The installed packages that nothing reaches from `root` by following imports: each was installed
 * for no code path of the root package or of what it loads.
 */
export function unaccounted(packages, root) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const reached = new Set();
  const pending = [root];
  while (pending.length > 0) {
    const name = pending.pop();
    if (reached.has(name) || !byName.has(name)) continue;
    reached.add(name);
    pending.push(...byName.get(name).imports);
  }
  return packages.filter((p) => !reached.has(p.name)).map((p) => `${p.name} (${relative(process.cwd(), p.dir)})`);
}
