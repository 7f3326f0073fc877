#!/usr/bin/env node
// Bundles each package's entry points into one ordinary ES module apiece (shared code in chunks), so
// that starting a program resolves a handful of modules instead of dozens: each ES module costs a
// resolve, a read and a compile, and the depth of the import chain adds up (N1). What comes out is
// what the bundler wrote: every `import()` a literal path another bundler can follow, each file with
// its source map. `tsc -b` emits the declarations; this emits the JavaScript the `import`
// conditions point to.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { vendorTypes } from './vendor-types.mjs';
import { checkVendored } from './vendored.mjs';

// What a package imports at run time is exactly its `dependencies` and `peerDependencies`; everything
// else it imports is compiled into its own files, so that installing it brings no package it does not
// load, and `npm install burgee` needs nothing but burgee's tarball and the registry:
// - `@modelcontextprotocol/server` (with `@modelcontextprotocol/core` and zod): its hundreds of modules
//   made loading an MCP server slow at every start; tree-shaken into the lazily loaded MCP chunk,
//   as the SDK ships them, they cost a fraction (N1, M1; bench/RESULTS.md). It is a devDependency pinned to an exact
//   version, and the package's `vendored` field states the versions compiled in, which the build
//   checks against what is installed (checkVendored); docs/mcp-sdk.md gives the policy.
// - `yaml` and `jsonc-parser`, which `mcp install` loads to edit a client's YAML or JSON-with-comments
//   file keeping its comments: compiled in, tree-shaken, they weigh a tenth of the packages they come
//   from (3 MB is the whole install's budget, test/pack.test.ts). Pinned and stated in `vendored` too.
// - `roundel` and `caique`, siblings built just before in this same run and released with the same
//   version: roundel goes into the core chunk (one package resolved per run instead of two, measurably
//   faster: bench/RESULTS.md), caique into a chunk loaded
//   when something is asked or drawn. Their declarations are copied beside burgee's (vendor-types.mjs).
// Entries bundled on their own, sharing no chunk: a program that imports `burgee/commander` or
// `burgee/yargs` resolves one file of burgee's at start, holding its own copy of the few small modules
// its argv scan reads (the flag and synthesised-command tables), never the shared `core` (N1). What
// such an entry loads with `import()` is built with the rest, as `chunks/<entry>-<file>.js`.
const STANDALONE = { burgee: ['commander', 'yargs'] };
// Standalone entries built as CommonJS, `dist/<entry>.cjs`, which both the `import` and the `require`
// condition load: `require('burgee/commander')` then works as `require('commander')` does on every
// supported Node, and a program that both requires and imports it gets one `Command` class, not two.
// (yargs stays an ES module, as yargs itself is: `require()` loads it where Node can require yargs.)
const COMMONJS = { burgee: ['commander'] };

/**
 * What every program loads at start (N1): the modules the package's main entry reaches by static
 * imports alone, gathered once the module graph is known. They go into one chunk, `core`; whatever
 * is reached only through an `import()` (the MCP server, `--schema`, `--llms`, completion scripts,
 * client configuration, `burgee dev`, adapters) stays out of it, so turning an import into an
 * `import()` is all it takes to keep a surface off the start-up path.
 */
function staticClosure(main) {
  const reached = new Set();
  return {
    reached,
    plugin: {
      name: 'burgee-core',
      buildEnd() {
        const pending = [main];
        while (pending.length > 0) {
          const id = pending.pop();
          if (reached.has(id)) continue;
          reached.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}

/** Output options every build shares: a source map beside each file, plain ASCII (see below). */
const OUTPUT = { sourcemap: true, comments: false, charset: 'ascii' };
// The bundler's table of slow plugins is for whoever tunes the build, not for every build and release.
const CHECKS = { bundlerTimings: false };

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['roundel', 'caique', 'burgee'];

for (const name of packages) {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const input = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target !== 'object' || target['burgee-source'] === undefined) continue;
    const entry = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
    const expected = `./dist/${entry}.${COMMONJS[name]?.includes(entry) ? 'cjs' : 'js'}`;
    for (const condition of ['import', 'require']) {
      if (condition === 'require' && !(condition in target)) continue;
      if (target[condition] !== expected) {
        throw new Error(
          `${name}: export "${subpath}" must ${condition} "${expected}" (the bundle), not "${target[condition]}"`,
        );
      }
    }
    input[entry] = join(dir, target['burgee-source']);
  }
  // A bin is a committed launcher `./bin/<entry>.mjs` (npm links bins at install, before any build
  // has made dist/) that only imports `../dist/<entry>.js`, bundled here from `src/<entry>/main.ts`.
  const bins = typeof manifest.bin === 'string' ? { [name]: manifest.bin } : (manifest.bin ?? {});
  for (const [bin, target] of Object.entries(bins)) {
    const entry = /^(?:\.\/)?bin\/([a-z][a-z0-9-]*)\.mjs$/.exec(target)?.[1];
    const launcher = entry === undefined ? '' : readFileSync(join(dir, target), 'utf8');
    if (entry === undefined || entry in input || !launcher.includes(`import '../dist/${entry}.js';`)) {
      throw new Error(
        `${name}: bin "${bin}" must be "./bin/<entry>.mjs" importing '../dist/<entry>.js' (bundled from src/<entry>/main.ts), not "${target}"`,
      );
    }
    input[entry] = join(dir, 'src', entry, 'main.ts');
    // A worker the bin starts, `src/<entry>/<name>.worker.ts`, is an entry of its own, `dist/<entry>-<name>.js`,
    // beside the bin's bundle: a Worker is started from a file, which must exist under a known name.
    for (const file of readdirSync(join(dir, 'src', entry)).filter((f) => f.endsWith('.worker.ts'))) {
      input[`${entry}-${file.slice(0, -'.worker.ts'.length)}`] = join(dir, 'src', entry, file);
    }
  }
  // The package's own name too: a bin imports the public entry by name (a self-reference), so it
  // shares dist/index.js instead of pulling index's modules out into a chunk every program must load.
  checkVendored(root, dir, manifest);
  const dependencies = [
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  const isExternal = (id) =>
    id.startsWith('node:') ||
    builtinModules.includes(id) ||
    dependencies.some((d) => id === d || id.startsWith(`${d}/`));
  for (const entry of STANDALONE[name] ?? []) {
    const format = COMMONJS[name]?.includes(entry) ? 'cjs' : 'esm';
    // The other format's file of an earlier build must not linger beside this one.
    for (const stale of format === 'cjs' ? [`${entry}.js`, `${entry}.js.map`] : [`${entry}.cjs`, `${entry}.cjs.map`]) {
      rmSync(join(dir, 'dist', stale), { force: true });
    }
    const lazy = await buildStandalone(dir, entry, input[entry], { isExternal, format });
    delete input[entry];
    Object.assign(input, lazy);
  }
  // Chunk names carry a content hash: drop the last build's, or stale chunks pile up in dist/.
  rmSync(join(dir, 'dist', 'chunks'), { recursive: true, force: true });
  // One entry needs no chunk of its own: its modules all go into the entry's file.
  const core = Object.keys(input).length > 1 ? staticClosure(input.index) : undefined;
  await build({
    input,
    cwd: dir,
    platform: 'node',
    external: isExternal,
    logLevel: 'warn',
    checks: CHECKS,
    plugins: core === undefined ? [] : [core.plugin],
    output: {
      dir: join(dir, 'dist'),
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // What Node parses at every start, kept lean: no comments (the declarations and the source maps
      // keep them), and ASCII only, since one character past it makes V8 decode and scan the whole
      // file as two-byte text (N1).
      ...OUTPUT,
      // Bundled dependencies get a chunk of their own, `chunks/vendor-<name>-…`, loaded only by the code
      // that imports them (the MCP server: `import()` on first use), and easy to spot in a load trace.
      // What every program loads at start is one chunk, `core`: left to itself the bundler splits it
      // by which entries share each module, and each extra file costs every start a resolve and a read.
      codeSplitting: {
        groups: [
          // The parsers of client files that keep comments, loaded by `mcp install` alone (K1, K2).
          { name: 'vendor-yaml', test: /[\\/]node_modules[\\/]yaml[\\/]/ },
          { name: 'vendor-jsonc', test: /[\\/]node_modules[\\/]jsonc-parser[\\/]/ },
          ...(core === undefined ? [] : [{ name: 'core', test: (id) => core.reached.has(id) }]),
          // The MCP SDK with its zod, loaded by the MCP server and burgee/testing alone (M1).
          { name: 'vendor-mcp-sdk', test: /[\\/]node_modules[\\/](@modelcontextprotocol[\\/](server|core)|zod)[\\/]/ },
          // A compiled-in sibling that is not part of the core (caique) keeps a chunk named after it.
          ...packages
            .filter((sibling) => sibling !== name)
            .map((sibling) => ({ name: sibling, test: new RegExp(`[\\\\/]packages[\\\\/]${sibling}[\\\\/]`) })),
        ],
      },
    },
  });
  vendorTypes(root, dir, packages);
}

/**
 * Bundles one entry into `dist/<entry>.js` (`.cjs` for a CommonJS one) with everything it imports
 * statically; each module it loads with `import()` is left as an import of
 * `chunks/<entry>-<file>.js` (an ES module, which CommonJS loads with `import()` too), and returned
 * as an entry for the shared build to make.
 */
async function buildStandalone(dir, entry, source, { isExternal, format }) {
  const lazy = {};
  const onDemand = {
    name: 'on-demand-from-the-shared-build',
    resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.') || importer === undefined) return null;
      const module = resolve(dirname(importer), specifier.replace(/\.js$/, '.ts'));
      const name = `chunks/${entry}-${basename(module, '.ts')}`;
      lazy[name] = module;
      return { id: `./${name}.js`, external: true };
    },
  };
  await build({
    input: { [entry]: source },
    cwd: dir,
    platform: 'node',
    external: isExternal,
    plugins: [onDemand],
    logLevel: 'warn',
    checks: CHECKS,
    output: {
      dir: join(dir, 'dist'),
      format,
      entryFileNames: format === 'cjs' ? '[name].cjs' : '[name].js',
      // A CommonJS entry's exports are a plain object, as commander's own are: no `__esModule` marker.
      ...(format === 'cjs' ? { esModule: false, generatedCode: { symbols: false } } : {}),
      ...OUTPUT,
      codeSplitting: false,
    },
  });
  return lazy;
}
