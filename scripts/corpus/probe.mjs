// What each entry point of the library exports, as the program's own package sees it: run in a child
// whose script sits in the program's folder, so bare names resolve as the program's do.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess } from './spawn.mjs';

const SCRIPT = `import { createRequire } from 'node:module';
const req = createRequire(import.meta.url);
const keys = (m) => (m !== null && (typeof m === 'object' || typeof m === 'function') ? Object.keys(m) : []);
const out = {};
for (const entry of JSON.parse(process.argv[2])) {
  const seen = {};
  if (entry.import) {
    try { seen.import = keys(await import(entry.spec)); } catch (error) { seen.import = 'error: ' + error.message; }
  }
  if (entry.require) {
    try { seen.require = keys(req(entry.spec)); } catch (error) { seen.require = 'error: ' + error.message; }
  }
  out[entry.subpath] = seen;
}
process.stdout.write(JSON.stringify(out));
`;

/** subpath → { import?: names | 'error: …', require?: names | 'error: …' }, read inside `packageDir`. */
export async function probeExports(packageDir, host, entries, { env, node }) {
  const file = join(packageDir, '.corpus-probe.mjs');
  writeFileSync(file, SCRIPT);
  // '.' first, as a program loads it: a subpath loaded before it could share modules with it.
  const list = [...entries]
    .sort((a, b) => (b.subpath === '.') - (a.subpath === '.'))
    .filter((e) => e.subpath !== './package.json')
    .map((e) => ({
      subpath: e.subpath,
      spec: e.subpath === '.' ? host : `${host}/${e.subpath.slice(2)}`,
      import: e.import !== undefined,
      require: e.require !== undefined,
    }));
  try {
    const result = await runProcess(node, [file, JSON.stringify(list)], { cwd: packageDir, env });
    if (result.code !== 0) throw new Error(`probing ${host} in ${packageDir}: ${result.stderr.trim()}`);
    return JSON.parse(result.stdout);
  } finally {
    rmSync(file, { force: true });
  }
}

/** The names the real entries export that the shimmed ones do not, as short notes. */
export function missingExports(host, real, shimmed) {
  const notes = [];
  for (const [subpath, seen] of Object.entries(real)) {
    for (const kind of ['import', 'require']) {
      const want = seen[kind];
      const got = shimmed[subpath]?.[kind];
      if (!Array.isArray(want)) continue;
      const spec = `${host}${subpath.slice(1)}`;
      if (!Array.isArray(got)) {
        notes.push(`${kind} of '${spec}' fails: ${String(got).slice(0, 120)}`);
        continue;
      }
      const missing = want.filter((name) => !got.includes(name) && name !== 'module.exports');
      if (missing.length > 0) {
        const shown = missing.slice(0, 6).join(', ') + (missing.length > 6 ? `, … (${missing.length})` : '');
        notes.push(`${kind} of '${spec}' lacks ${shown}`);
      }
    }
  }
  return notes;
}
