import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { lazySchemas, markModule, rewriteChunk } from '../../../scripts/lazy-schemas.mjs';
import { repoRoot } from './support/cli.js';

// The deferral is tried on small modules bundled the way scripts/sdk-script.mjs bundles the SDK:
// `made` counts what each module's `make` built, so a test sees what ran, and when.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Deferred = Parameters<typeof lazySchemas>[0];

/** Bundles `modules` (name → code; `entry` first) with the deferral, and imports the result. */
async function bundle(modules: Record<string, string>, deferred: Deferred, minimum = 1) {
  const files: Plugin = {
    name: 'files',
    resolveId: (id) => (id.replace(/^\.\//, '') in modules ? `/virtual/${id.replace(/^\.\//, '')}.mjs` : null),
    load: (id) => (id.startsWith('/virtual/') ? modules[id.slice(9, -4)] : null),
  };
  const output = await build({
    input: 'entry',
    logLevel: 'silent',
    write: false,
    plugins: [files, lazySchemas(deferred, minimum) as Plugin],
    output: { format: 'esm' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'burgee-lazy-'));
  dirs.push(dir);
  const file = join(dir, 'bundle.mjs');
  const { code } = output.output[0];
  writeFileSync(file, code);
  return { code, module: await import(pathToFileURL(file).href) };
}

/** Fifty constants, the least a function must hold to count as a schema builder. */
const ITEMS = Array.from({ length: 50 }, (_, i) => `  const Item${i} = make('Item${i}');`).join('\n');

const MAKE = `export const made = [];
export const make = (name, parts = []) => { made.push(name); return { name, parts }; };`;

describe("N1 · the SDK builds its eras' schemas on first use (scripts/lazy-schemas.mjs)", () => {
  it("N1 · a builder's schema is built on first use, once, the same object at every use; other bindings of its name are left alone", async () => {
    const { module } = await bundle(
      {
        entry: `export { made } from './make';
export { built, outer } from './server';`,
        make: MAKE,
        server: `import { make } from './make';
const Shared = make('outer');
function build() {
${ITEMS}
  const Shared = make('inner', [Item0]);
  function helper(Item1) { return Item1; }
  const wrap = () => ({ Item2 });
  return { Shared, helper, wrap, Item3 };
}
let memo;
export const built = () => (memo ??= build());
export const outer = () => Shared;`,
      },
      [{ module: /\/virtual\/server\.mjs$/, builders: 1 }],
    );
    // The constant of the same name outside the builder is built with the module, as written.
    expect(module.made).toEqual(['outer']);
    const set = module.built();
    expect(module.made).toEqual(['outer']);
    expect(set.Shared.parts[0].name).toBe('Item0');
    expect(set.Shared).toBe(set.Shared);
    expect(module.made).toEqual(['outer', 'Item0', 'inner']);
    expect(module.outer().name).toBe('outer');
    // A parameter of the same name is that parameter, not the schema.
    expect(set.helper(42)).toBe(42);
    expect(set.wrap().Item2.name).toBe('Item2');
    expect(set.wrap().Item2).toBe(set.wrap().Item2);
    expect(module.made).toEqual(['outer', 'Item0', 'inner', 'Item2']);
  });

  it('N1 · a schema builder returns getters: each entry is built when first read, then the same', async () => {
    const consts = Array.from({ length: 50 }, (_, i) => `  const Item${i}$1 = make('Item${i}');`).join('\n');
    const { module } = await bundle(
      {
        entry: `export { made } from './make';
export { built, maps } from './server';`,
        make: MAKE,
        server: `import { make } from './make';
function build$1() {
${consts}
  const ByMethod = { 'a/b': Item1$1, c: Item2$1 };
  return { Item0Schema: Item0$1, Item3$1, ByMethod, Wrapped: make('Wrapped', [Item4$1]) };
}
let memo;
export const built = () => (memo ??= build$1());
let mapsMemo;
export const maps = () => {
  if (mapsMemo === undefined) { const s = built(); mapsMemo = { one: { x: s.Item0Schema, y: s.Item3$1, z: s.Wrapped } }; }
  return mapsMemo;
};`,
      },
      [{ module: /\/virtual\/server\.mjs$/, builders: 1, maps: 1 }],
    );
    const set = module.built();
    expect(module.made).toEqual([]);
    expect(Object.keys(set)).toEqual(['Item0Schema', 'Item3$1', 'ByMethod', 'Wrapped']);
    expect(set.Item0Schema.name).toBe('Item0');
    expect(set.Item0Schema).toBe(set.Item0Schema);
    expect(module.made).toEqual(['Item0']);
    expect(set.ByMethod['a/b'].name).toBe('Item1');
    expect(module.made).toEqual(['Item0', 'Item1']);
    const { one } = module.maps();
    expect(module.made).toEqual(['Item0', 'Item1']);
    expect(one.z).toBe(set.Wrapped);
    expect(one.z.parts[0].name).toBe('Item4');
    // The SDK's expression runs as written: its argument first.
    expect(module.made).toEqual(['Item0', 'Item1', 'Item4', 'Wrapped']);
  });

  it('N1 · the build stops when the SDK no longer holds what is deferred, in the shape expected', async () => {
    const module = `import * as z from "zod";\nexport const ASchema = z.string();\nfunction build() { return {}; }\n`;
    expect(() => markModule(module, { builders: 1 })).toThrow(/expected 1 schema builders and 0 schema maps, found 0/);
    expect(() => markModule(module, { maps: 1 })).toThrow(/found 0 and 0/);
    expect(() => markModule(`${module}const ${'__burgeeLazy'} = 1;`, {})).toThrow(/already uses the names/);
    // A deferred schema cannot leave the chunk as itself: it has become a function.
    expect(() => rewriteChunk('const ASchema = __burgeeLazy(() => (1));\nexport { ASchema };\n')).toThrow(/exported/);
    expect(() => rewriteChunk('const ASchema = __burgeeLazy(() => (1)), B = 2;\n')).toThrow(/alone/);
    const plugin = lazySchemas([{ module: /\/virtual\/missing\.mjs$/ }], 1) as unknown as {
      buildEnd: (this: { error: (m: string) => never }, error?: Error) => void;
    };
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    expect(() => plugin.buildEnd.call(context)).toThrow(/no bundled module matched/);
    await expect(
      bundle(
        { entry: `const make = (n) => n;\nfunction build() {\n${ITEMS}\n  return { Item0 };\n}\nexport { build };` },
        [{ module: /\/virtual\/entry\.mjs$/, builders: 1 }],
        60,
      ),
    ).rejects.toThrow(/50 constants deferred, expected at least 60/);
  });

  it("N1 · the SDK script defers its eras' schemas: none is left marked, over two hundred and fifty are deferred", () => {
    const script = readFileSync(join(repoRoot, 'packages/burgee/dist/chunks/vendor-mcp-sdk.script.js'), 'utf8');
    expect(script).not.toContain('__burgeeLazy');
    // Minified, each deferred schema is a function returning its memo `??=` the SDK's own expression.
    expect(script.match(/return [\w$]+\?\?=/g)?.length ?? 0).toBeGreaterThan(250);
  });
});
