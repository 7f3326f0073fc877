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

const MAKE = `export const made = [];
export const make = (name, parts = []) => { made.push(name); return { name, parts }; };`;

describe('N1 · the SDK builds its schemas on first use (scripts/lazy-schemas.mjs)', () => {
  it('N1 · a deferred constant is built on its first use, once, and is the same object at every use', async () => {
    const { module } = await bundle(
      {
        entry: `export { made } from './make';
export { use, again, shadowed, shorthand } from './user';`,
        make: MAKE,
        types: `import { make } from './make';
export const AlphaSchema = make('Alpha');
export const BetaSchema = make('Beta', [AlphaSchema]);
export const GammaSchema = make('Gamma');
export const VERSION = '1';`,
        user: `import { AlphaSchema, BetaSchema, GammaSchema } from './types';
export const use = () => BetaSchema;
export const again = () => BetaSchema.parts[0] === AlphaSchema;
export function shadowed(GammaSchema) { return GammaSchema; }
export const shorthand = () => ({ AlphaSchema });`,
      },
      [{ module: /\/virtual\/types\.mjs$/, constants: (name: string) => name.endsWith('Schema') }],
    );
    expect(module.made).toEqual([]);
    const beta = module.use();
    expect(module.made).toEqual(['Alpha', 'Beta']);
    expect(module.use()).toBe(beta);
    expect(module.again()).toBe(true);
    expect(module.made).toEqual(['Alpha', 'Beta']);
    // A parameter of the same name is that parameter, not the schema.
    expect(module.shadowed(42)).toBe(42);
    expect(module.shorthand().AlphaSchema).toBe(beta.parts[0]);
    expect(module.made).toEqual(['Alpha', 'Beta']);
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

  it('N1 · the build stops when the SDK no longer holds what is deferred, in the shape expected', () => {
    const types = 'import * as z from "zod";\nexport const ASchema = z.string();\n';
    expect(() => markModule(types, { constants: ['ASchema', 'BSchema'] })).toThrow(/no top-level constant BSchema/);
    expect(() => markModule(types, { builders: 1 })).toThrow(/expected 1 schema builders and 0 schema maps, found 0/);
    expect(() => markModule(types, { maps: 1 })).toThrow(/found 0 and 0/);
    expect(() => markModule(types, { replace: [{ original: 'nowhere', replacement: '' }] })).toThrow(/not there once/);
    expect(() => markModule(types, { objects: ['ASchema'] })).toThrow(/holding a plain object literal/);
    expect(markModule(types, { constants: ['ASchema'] }).marked).toBe(1);
    // A deferred schema cannot leave the chunk as itself: it has become a function.
    const marked = markModule(types, { constants: ['ASchema'] }).code.replace(/^import.*\n/, '');
    expect(() => rewriteChunk(`${marked.replace('export const', 'const')}export { ASchema };\n`)).toThrow(/exported/);
  });

  it('N1 · the plugin stops a build whose deferred modules were not bundled, or deferred too little', async () => {
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
      bundle({ entry: `export const ASchema = 1;` }, [{ module: /\/virtual\/entry\.mjs$/, constants: ['ASchema'] }], 5),
    ).rejects.toThrow(/1 constants deferred, expected at least 5/);
  });

  it('N1 · the SDK script defers its schemas: none is left marked, four hundred and more are deferred', () => {
    const script = readFileSync(join(repoRoot, 'packages/burgee/dist/chunks/vendor-mcp-sdk.script.js'), 'utf8');
    expect(script).not.toContain('__burgeeLazy');
    // Minified, each deferred schema is a function returning its memo `??=` the SDK's own expression.
    expect(script.match(/return [\w$]+\?\?=/g)?.length ?? 0).toBeGreaterThan(400);
  });
});
