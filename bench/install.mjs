#!/usr/bin/env node
// What `npm install <framework>` brings into an empty project: packages and bytes, for burgee (its
// release tarball, packed now) and for the peers from the npm registry, each measured the same way.
// `node bench/install.mjs [--out FILE]` (needs the network to reach the npm registry).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installedPackages } from '../packages/burgee/test/support/installed-list.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const work = mkdtempSync(join(tmpdir(), 'burgee-install-bench-'));
const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  LANG: 'C.UTF-8',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

try {
  execFileSync(process.execPath, [join(root, 'scripts/release.mjs'), '--out', join(work, 'release')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(join(work, 'release')).find((file) => /^burgee-\d.*\.tgz$/.test(file));
  const subjects = [
    ['burgee (release tarball)', join(work, 'release', tarball)],
    ['commander', 'commander@14'],
    ['citty', 'citty'],
    ['cac', 'cac'],
    ['yargs', 'yargs@18'],
    ['@oclif/core', '@oclif/core'],
    ['incur', 'incur'],
  ];
  const rows = subjects.map(([label, spec]) => measure(label, spec));
  const table = [
    '| installed by `npm install` into an empty project | packages | bytes | MB |',
    '| --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.label} | ${r.packages} | ${r.bytes.toLocaleString('en')} | ${(r.bytes / 1e6).toFixed(2)} |`,
    ),
  ].join('\n');
  console.log(table);
  for (const row of rows) console.log(`\n${row.label}: ${row.names.join(', ')}`);
  if (values.out !== undefined) writeFileSync(values.out, `${table}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Installs `spec` alone into a new empty project and weighs what its node_modules holds. */
function measure(label, spec) {
  const project = join(work, label.replace(/\W+/g, '-'));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "empty", "private": true }\n');
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', spec], {
    cwd: project,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const packages = installedPackages(join(project, 'node_modules'));
  return {
    label,
    packages: packages.length,
    bytes: packages.reduce((sum, p) => sum + p.bytes, 0),
    names: packages.map((p) => p.name).sort(),
  };
}
