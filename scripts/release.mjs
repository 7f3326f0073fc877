#!/usr/bin/env node
// `npm run release [-- --out <folder>]`: checks that the packages can be released together, builds
// them from clean, and packs each into a tarball, printing what each holds. It publishes nothing:
// `npm publish <tarball>` is a separate, deliberate step.
//
// Checks: every version is plain semver; every dependency between the packages names a range the
// sibling's version satisfies (so the published packages resolve each other); CHANGELOG.md has a
// section for every version; each package has its README and LICENSE, a `files` list, and export
// targets that the tarball really contains.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, '.release') } } });
const out = resolve(values.out);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packages = rootManifest.workspaces.map((dir) => {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  return { dir: join(root, dir), manifest };
});
const versions = new Map(packages.map(({ manifest }) => [manifest.name, manifest.version]));
const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');

const problems = [];
for (const { dir, manifest } of packages) {
  const { name, version } = manifest;
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version))
    problems.push(`${name}: version "${version}" is not semver`);
  if (!changelog.includes(`## [${version}]`)) problems.push(`${name}: CHANGELOG.md has no "## [${version}]" section`);
  for (const file of ['README.md', 'LICENSE']) {
    if (!existsSync(join(dir, file))) problems.push(`${name}: ${file} is missing`);
  }
  if (!Array.isArray(manifest.files)) problems.push(`${name}: no "files" list; everything would be packed`);
  if (manifest.scripts?.prepack === undefined) problems.push(`${name}: no prepack build; a pack could miss dist/`);
  for (const field of ['dependencies', 'peerDependencies']) {
    for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
      const sibling = versions.get(dependency);
      if (sibling !== undefined && !satisfies(sibling, range)) {
        problems.push(`${name}: ${field}.${dependency} is "${range}", which ${dependency} ${sibling} does not satisfy`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`release: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const built = buildCopy(join(out, 'build'));
// Each package is packed from a staged copy: the files its `files` list selects, and the manifest
// users get (see publishedManifest). The repository's package.json files are never rewritten, so
// an interrupted release leaves nothing to undo. The build above is each package's prepack.
const stage = join(out, 'stage');
const packed = packages.map(({ dir: source, manifest }) => {
  const dir = join(built, relative(root, source));
  const staged = join(stage, manifest.name);
  const listing = packJson(dir, ['--dry-run']);
  for (const { path } of listing.files) {
    if (path === 'package.json') continue;
    mkdirSync(dirname(join(staged, path)), { recursive: true });
    copyFileSync(join(dir, path), join(staged, path));
  }
  const published = publishedManifest(manifest);
  writeFileSync(join(staged, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  return { tarball: packJson(staged, ['--pack-destination', out]), published };
});
rmSync(stage, { recursive: true, force: true });
rmSync(built, { recursive: true, force: true });
for (const { tarball, published } of packed) {
  const files = new Set(tarball.files.map((f) => f.path));
  const missing = exportTargets(published.exports).filter((target) => !files.has(target));
  if (missing.length > 0) problems.push(`${tarball.name}: the tarball lacks ${missing.join(', ')}, named by exports`);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `${tarball.filename}  ${kib(tarball.size)} packed, ${kib(tarball.unpackedSize)} unpacked, ${tarball.files.length} files`,
  );
}
if (problems.length > 0) {
  console.error(`release: ${problems.join('\n')}`);
  process.exit(1);
}
console.log(`tarballs in ${out}; publish each with npm publish <tarball>`);

/**
 * Builds the packages in a copy of their sources under `folder`, from clean, and returns it. Never
 * in place: a release while the tests or a program run must not pull dist/ from under them, and a
 * stale file of the repository's dist/ (its source gone) cannot reach a tarball. The copy's
 * node_modules links each installed package back to the repository's, and each workspace package
 * to its copy, so the build resolves the siblings it bundles from the copy.
 */
function buildCopy(folder) {
  const skipped = new Set(['dist', 'node_modules', 'tsconfig.tsbuildinfo', '.vitest']);
  const keep = (path) => !skipped.has(basename(path));
  for (const file of ['package.json', ...readdirSync(root).filter((f) => /^tsconfig.*\.json$/.test(f))]) {
    cpSync(join(root, file), join(folder, file));
  }
  cpSync(join(root, 'scripts'), join(folder, 'scripts'), { recursive: true, filter: keep });
  for (const { dir } of packages) {
    const copy = join(folder, relative(root, dir));
    cpSync(dir, copy, { recursive: true, filter: keep });
    // What a package installed for itself alone stays where its build looks first.
    if (existsSync(join(dir, 'node_modules')))
      symlinkSync(join(dir, 'node_modules'), join(copy, 'node_modules'), 'junction');
  }
  mkdirSync(join(folder, 'node_modules'));
  const workspace = new Map(packages.map(({ dir, manifest }) => [manifest.name, join(folder, relative(root, dir))]));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    const target = workspace.get(entry) ?? join(root, 'node_modules', entry);
    symlinkSync(target, join(folder, 'node_modules', entry), 'junction');
  }
  execFileSync(npm, ['run', 'build', '--silent'], { cwd: folder, stdio: 'inherit' });
  return folder;
}

/** `npm pack --json` of one folder, scripts off: the tarball's name, sizes and files. */
function packJson(cwd, args) {
  return JSON.parse(execFileSync(npm, ['pack', '--ignore-scripts', '--json', ...args], { cwd, encoding: 'utf8' }))[0];
}

/**
 * The package.json users install: each export condition object leads with `types` (TypeScript
 * reads conditions in order) and loses `burgee-source`, the in-repo condition that points into
 * `src/`, which is not shipped; `scripts` and `devDependencies` serve this repository only.
 */
function publishedManifest(manifest) {
  const { scripts: _scripts, devDependencies: _dev, ...published } = structuredClone(manifest);
  const clean = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).filter(([key]) => key !== 'burgee-source');
    entries.sort(([a], [b]) => (b === 'types') - (a === 'types'));
    return Object.fromEntries(entries.map(([key, inner]) => [key, clean(inner)]));
  };
  if (published.exports !== undefined) published.exports = clean(published.exports);
  return published;
}

/** Every file `exports` points users at. */
function exportTargets(exports) {
  const targets = [];
  const visit = (value) => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''));
    else for (const inner of Object.values(value ?? {})) visit(inner);
  };
  visit(exports);
  return targets;
}

/** Enough of semver ranges for sibling dependencies: exact, ^ and ~ of a plain version. */
function satisfies(version, range) {
  const match = /^([~^]?)(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) return false;
  const [, op, ...wanted] = match;
  const have = version.split('-')[0].split('.').map(Number);
  const want = wanted.map(Number);
  const cmp = have[0] - want[0] || have[1] - want[1] || have[2] - want[2];
  if (op === '') return cmp === 0;
  if (cmp < 0) return false;
  if (op === '~') return have[0] === want[0] && have[1] === want[1];
  // ^0.y.z keeps y fixed; ^x.y.z keeps x fixed.
  return want[0] === 0 ? have[0] === 0 && have[1] === want[1] : have[0] === want[0];
}
