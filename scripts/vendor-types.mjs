// The declarations of the siblings a package compiles in (bundle.mjs), copied beside its own: burgee's
// `.d.ts` files name caique's and roundel's types, and a user who installs burgee alone has neither
// package. Each copy goes to `dist/vendor/<sibling>/`, and every import of a sibling by name in the
// package's declarations (and in the copies themselves) becomes a relative import of its copy.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Copies the compiled-in siblings' declarations into `dir/dist/vendor/` and points every import at them. */
export function vendorTypes(root, dir, siblings) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const runtime = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  // Only siblings this package imports without depending on them are compiled in.
  const vendored = siblings.filter(
    (s) => s !== manifest.name && !runtime.has(s) && s in (manifest.devDependencies ?? {}),
  );
  const dist = join(dir, 'dist');
  const vendorDir = join(dist, 'vendor');
  rmSync(vendorDir, { recursive: true, force: true });
  if (vendored.length === 0) return;
  for (const sibling of vendored) {
    const from = join(root, 'packages', sibling, 'dist');
    for (const file of declarations(from)) {
      const target = join(vendorDir, sibling, relative(from, file));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
  }
  const pattern = new RegExp(`(from\\s+|import\\()(['"])(${vendored.join('|')})\\2`, 'g');
  for (const file of declarations(dist)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(pattern, (_, lead, quote, sibling) => {
      let path = relative(dirname(file), join(vendorDir, sibling, 'index.js')).replaceAll('\\', '/');
      if (!path.startsWith('.')) path = `./${path}`;
      return `${lead}${quote}${path}${quote}`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
  // A sibling's own dependencies must be burgee's too, or its copied declarations name a package users lack.
  for (const sibling of vendored) {
    const own = JSON.parse(readFileSync(join(root, 'packages', sibling, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(own.dependencies ?? {})) {
      if (!runtime.has(dependency) && !vendored.includes(dependency)) {
        throw new Error(
          `${manifest.name}: ${sibling} is compiled in and depends on ${dependency}, which ${manifest.name} neither depends on nor compiles in`,
        );
      }
    }
  }
}

/** Every `.d.ts` file under `dir`. */
function declarations(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}
