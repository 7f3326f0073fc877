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
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

// From clean: a stale dist/ (a file whose source is gone) must not reach a tarball.
for (const { dir } of packages) {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  rmSync(join(dir, 'tsconfig.tsbuildinfo'), { force: true });
}
execFileSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// The build above is each package's prepack; running it once per package would build three times.
const packed = JSON.parse(
  execFileSync(npm, ['pack', '--workspaces', '--ignore-scripts', '--json', '--pack-destination', out], {
    cwd: root,
    encoding: 'utf8',
  }),
);
for (const tarball of packed) {
  const { manifest } = packages.find((p) => p.manifest.name === tarball.name);
  const files = new Set(tarball.files.map((f) => f.path));
  const missing = exportTargets(manifest.exports).filter((target) => !files.has(target));
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

/** The files `exports` points users at (the in-repo `burgee-source` condition aside). */
function exportTargets(exports) {
  const targets = [];
  const visit = (value, condition) => {
    if (typeof value === 'string') {
      if (condition !== 'burgee-source') targets.push(value.replace(/^\.\//, ''));
    } else for (const [key, inner] of Object.entries(value ?? {})) visit(inner, key.startsWith('.') ? condition : key);
  };
  visit(exports, undefined);
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
