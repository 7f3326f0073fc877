// Where the programs live: each installed once from the registry into a cache folder (reused by later
// runs), and copied again on every run with its library replaced by a shim that loads burgee's stand-in.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, extname, join, relative } from 'node:path';
import { missingExports, probeExports } from './probe.mjs';
import { entryPoints, writeShim } from './shim.mjs';
import { mustRun } from './spawn.mjs';

const NPM_FLAGS = ['--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];

/** The corpus cache: outside the repository, kept between runs. */
export const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'burgee-corpus');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Installs `specs` into `dir` once; a marker written last says the install finished. */
async function installOnce(dir, specs) {
  const marker = join(dir, '.corpus-installed');
  if (existsSync(marker)) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  await mustRun('npm', ['install', ...NPM_FLAGS, ...specs], { cwd: dir });
  writeFileSync(marker, `${specs.join(' ')}\n`);
  return true;
}

/**
 * burgee as a user gets it: the tarball `npm pack` makes of packages/burgee (from the current build,
 * scripts skipped: the corpus measures what is built), unpacked, and its dependencies installed once
 * per set of ranges. The optional MCP client is left out: serving needs only the vendored server.
 */
export async function stageBurgee(repoRoot) {
  const packDir = join(cacheRoot, 'burgee-pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const packed = await mustRun('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], {
    cwd: join(repoRoot, 'packages/burgee'),
  });
  const tarball = join(packDir, JSON.parse(packed.stdout)[0].filename);
  await mustRun('tar', ['-xzf', tarball, '-C', packDir]);
  const packageDir = join(packDir, 'package');
  const manifest = readJson(join(packageDir, 'package.json'));
  const specs = Object.entries(manifest.dependencies ?? {}).map(([name, range]) => `${name}@${range}`);
  const hash = createHash('sha256').update(specs.join('\n')).digest('hex').slice(0, 12);
  const depsDir = join(cacheRoot, 'burgee-deps', hash);
  await installOnce(depsDir, specs);
  return { packageDir, manifest, depsModules: join(depsDir, 'node_modules') };
}

/** The folder of package `name` as Node finds it from `fromDir`: the nearest node_modules up the tree. */
export function findPackage(name, fromDir, stopAt) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === stopAt || dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
}

/** Copies `name` and what it depends on, as found from `fromDir`, into `intoModules` (burgee's own). */
function copyClosure(name, fromDir, intoModules, stopAt, seen = new Set()) {
  if (seen.has(name)) return;
  seen.add(name);
  const found = findPackage(name, fromDir, stopAt);
  if (found === undefined) return;
  const target = join(intoModules, name);
  if (!existsSync(target)) cpSync(found, target, { recursive: true, verbatimSymlinks: true });
  for (const dep of Object.keys(readJson(join(found, 'package.json')).dependencies ?? {})) {
    copyClosure(dep, found, intoModules, stopAt, seen);
  }
}

/**
 * The program's bin as a person starts it, through the link npm made in `node_modules/.bin` (yargs
 * names a program after the file it was started from), and whether Node loads it as an ES module.
 */
function binOf(packageDir, manifest, bin) {
  const real = join(packageDir, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin]);
  const ext = extname(real);
  const esm = ext === '.mjs' || (ext !== '.cjs' && manifest.type === 'module');
  const modules = packageDir.slice(0, packageDir.lastIndexOf('node_modules') + 'node_modules'.length);
  const link = join(modules, '.bin', bin);
  return { file: existsSync(link) ? link : real, esm };
}

/**
 * Puts burgee and its dependencies into `modules`, and makes burgee's `require(host)` reach the
 * program's own version of the real library. Where the program's copy is the hoisted one, burgee
 * reaches it there, as npm places a peer; only a copy nested below the program (which the shim now
 * takes the place of) is copied into burgee's own node_modules. Nesting a hoisted copy too would
 * change what the library reads of its surroundings (yargs guesses `--version` from the package.json
 * above the last `node_modules` in its own path, which would be burgee's).
 */
function placeBurgee(burgee, modules, host, hostDir, treeRoot) {
  const burgeeDir = join(modules, 'burgee');
  rmSync(burgeeDir, { recursive: true, force: true });
  cpSync(burgee.packageDir, burgeeDir, { recursive: true });
  const own = join(burgeeDir, 'node_modules');
  mkdirSync(own, { recursive: true });
  for (const entry of readdirSync(burgee.depsModules)) {
    if (entry.startsWith('.')) continue;
    cpSync(join(burgee.depsModules, entry), join(own, entry), { recursive: true, verbatimSymlinks: true });
  }
  if (hostDir === join(modules, host)) return hostDir;
  copyClosure(host, dirname(dirname(hostDir)), own, treeRoot);
  return join(own, host);
}

/** Installs the program once (cached) and reports where it and its real library are. */
async function installReal(program) {
  const base = join(cacheRoot, 'programs', `${program.name}@${program.version}`);
  const realRoot = join(base, 'real');
  const fresh = await installOnce(realRoot, [`${program.name}@${program.version}`]);
  const packageDir = join(realRoot, 'node_modules', program.name);
  const hostDir = findPackage(program.host, packageDir, realRoot);
  if (hostDir === undefined) throw new Error(`${program.name} resolves no ${program.host}`);
  return { base, realRoot, packageDir, hostDir, fresh };
}

/**
 * The real install, and its copy where the one library the program resolves is the shim (placed in
 * the program's own node_modules, so other packages that share a hoisted copy keep the real one).
 */
export async function prepareProgram(program, burgee, { env, node }) {
  const real = await installReal(program);
  const manifest = readJson(join(real.packageDir, 'package.json'));
  const hostManifest = readJson(join(real.hostDir, 'package.json'));
  const adapterRoot = join(real.base, 'adapter');
  rmSync(adapterRoot, { recursive: true, force: true });
  cpSync(real.realRoot, adapterRoot, { recursive: true, verbatimSymlinks: true });
  const inAdapter = (path) => join(adapterRoot, relative(real.realRoot, path));
  const packageDir = inAdapter(real.packageDir);
  const hostDir = inAdapter(real.hostDir);
  const modules = join(adapterRoot, 'node_modules');
  const nestedHost = placeBurgee(burgee, modules, program.host, hostDir, adapterRoot);
  const entries = entryPoints(hostManifest);
  const realNames = await probeExports(real.packageDir, program.host, entries, { env, node });
  const names = Object.fromEntries(Object.entries(realNames).map(([k, v]) => [k, toList(v.import)]));
  const toReal = writeShim({
    dir: join(packageDir, 'node_modules', program.host),
    host: program.host,
    real: hostManifest,
    realDir: nestedHost,
    names,
    burgeeManifest: burgee.manifest,
  });
  const shimmed = await probeExports(packageDir, program.host, entries, { env, node });
  return {
    fresh: real.fresh,
    hostVersion: hostManifest.version,
    realRoot: real.realRoot,
    adapterRoot,
    // The library's folder in each tree, for reading a stack trace of one as the other's.
    hostPaths: { real: real.hostDir, adapter: nestedHost },
    real: binOf(real.packageDir, manifest, program.bin),
    adapter: binOf(packageDir, manifest, program.bin),
    notes: [
      ...toReal.map((subpath) => `'${program.host}${subpath.slice(1)}' has no stand-in: it loads the real file`),
      ...missingExports(program.host, realNames, shimmed),
    ],
  };
}

const toList = (value) => (Array.isArray(value) ? value : []);
