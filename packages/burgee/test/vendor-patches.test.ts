import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z as installed } from 'zod';
import { sdkOnlyThroughItsScript } from '../../../scripts/sdk-script.mjs';
import { vendorPatches } from '../../../scripts/vendor-patches.mjs';
import { checkVendored } from '../../../scripts/vendored.mjs';
import { repoRoot, runCli } from './support/cli.js';

// zod bundled the way scripts/bundle.mjs bundles it into the MCP chunk, patches applied.
let dir: string;
let bundledPath: string;
let bundled: typeof installed;

beforeAll(async () => {
  const entry = 'zod-as-bundled';
  const output = await build({
    input: entry,
    cwd: repoRoot,
    platform: 'node',
    logLevel: 'warn',
    write: false,
    plugins: [
      {
        name: 'entry',
        resolveId: (id: string) => (id === entry ? id : null),
        load: (id: string) => (id === entry ? "export { z } from 'zod';" : null),
      },
      vendorPatches(),
    ],
    output: { format: 'esm' },
  });
  dir = mkdtempSync(join(tmpdir(), 'burgee-zod-'));
  bundledPath = join(dir, 'zod.mjs');
  writeFileSync(bundledPath, output.output[0].code);
  bundled = (await import(pathToFileURL(bundledPath).href)).z;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes allocated and promoted by the young collections of a --trace-gc-nvp trace, after the first `skip`. */
function young(trace: string, skip: number): { allocated: number; promoted: number; count: number } {
  const lines = trace.split('\n').filter((line) => /\bgc=s\b/.test(line));
  const kept = lines.slice(skip).map((line) => ({
    allocated: Number(/\ballocated=(\d+)/.exec(line)?.[1]),
    promoted: Number(/\bpromoted=(\d+)/.exec(line)?.[1]),
  }));
  return {
    allocated: kept.reduce((sum, s) => sum + s.allocated, 0),
    promoted: kept.reduce((sum, s) => sum + s.promoted, 0),
    count: kept.length,
  };
}

describe('M6 · the zod inside the MCP chunk: a failed safeParse dies young', () => {
  const cases: [string, (z: typeof installed) => installed.ZodType, unknown][] = [
    ['a wrong type', (z) => z.string(), 5],
    ['a strict object with a missing and an unknown key', (z) => z.object({ a: z.string() }).strict(), { b: 1 }],
    ['a union', (z) => z.union([z.number(), z.object({ x: z.boolean() })]), { x: 'yes' }],
  ];

  it.each(cases)(
    'M6 · %s fails as with zod as installed: same keys, issues, message and serialisation',
    (_, make, value) => {
      const ours = make(bundled as unknown as typeof installed).safeParse(value);
      const theirs = make(installed).safeParse(value);
      expect(ours.success).toBe(false);
      expect(Object.keys(ours)).toEqual(Object.keys(theirs));
      expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      expect(ours.error?.issues).toEqual(theirs.error?.issues);
      expect(ours.error?.message).toBe(theirs.error?.message);
      expect(ours.error).toBeInstanceOf(bundled.ZodError);
      // Built once, on first read; and a result's error can be replaced, as zod allows.
      expect(ours.error).toBe(ours.error);
      const replaced = new Error('replaced');
      (ours as { error: unknown }).error = replaced;
      expect(ours.error).toBe(replaced);
    },
  );

  it('M6 · the build stops when the zod being bundled is not the code the patch replaces', () => {
    const plugin = vendorPatches();
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const changed = 'function failure(Err, issues, ctx) {\n    return { success: false, issues };\n}\n';
    expect(() => plugin.transform.call(context, changed, '/x/node_modules/zod/v4/core/parse.js')).toThrow(
      /not the code scripts\/vendor-patches\.mjs patches/,
    );
    // Nothing bundled matched: the SDK's zod moved, and the patch would silently stop applying.
    expect(() => plugin.buildEnd.call(context)).toThrow(/no bundled module matched/);
    expect(plugin.transform.call(context, changed, '/x/node_modules/other/index.js')).toBeNull();
  });

  it('M6 · 100,000 failed safeParses promote under 1% of what they allocate (zod as installed: over 10%)', async () => {
    const run = (from: string) =>
      runCli(`${repoRoot}packages/burgee/test/fixtures/failed-parses.mjs`, [from, '100000'], {
        cwd: `${repoRoot}packages/burgee`,
        nodeFlags: ['--trace-gc-nvp'],
        timeoutMs: 60_000,
      });
    const [ours, theirs] = await Promise.all([run(bundledPath), run('installed')]);
    for (const result of [ours, theirs]) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }
    // The first collections hold start-up.
    const patched = young(ours.stdout, 3);
    const original = young(theirs.stdout, 3);
    expect(patched.count).toBeGreaterThanOrEqual(5);
    expect(original.count).toBeGreaterThanOrEqual(5);
    expect(patched.promoted / patched.allocated).toBeLessThan(0.01);
    // The fixture measures what the patch is for: without it, the same loop promotes.
    expect(original.promoted / original.allocated).toBeGreaterThan(0.1);
  }, 90_000);
});

describe('N1 · M1 · the SDK is bundled without its JSON Schema validator', () => {
  it('N1 · the SDK script holds no AJV, and does hold the SDK server', () => {
    const chunks = `${repoRoot}packages/burgee/dist/chunks`;
    const maps = readdirSync(chunks).filter((file) => /^vendor-mcp-sdk\.script\.js\.map$/.test(file));
    expect(maps).toHaveLength(1);
    const { sources } = JSON.parse(readFileSync(join(chunks, maps[0]!), 'utf8')) as { sources: string[] };
    expect(sources.filter((source) => /ajv/i.test(source))).toEqual([]);
    expect(sources.some((source) => source.includes('@modelcontextprotocol/server/dist/'))).toBe(true);
  });

  it("M1 · the shim's validator refuses, saying why, should the SDK ever ask for one", async () => {
    const plugin = vendorPatches() as unknown as {
      resolveId: (source: string) => string | null;
      load: (id: string) => string | null;
    };
    const id = plugin.resolveId('@modelcontextprotocol/server/_shims');
    expect(id).not.toBeNull();
    expect(plugin.resolveId('@modelcontextprotocol/server')).toBeNull();
    const code = plugin.load(id!)!;
    const shims = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      DefaultJsonSchemaValidator: new () => { getValidator: (schema: unknown) => unknown };
      process: NodeJS.Process;
    };
    expect(shims.process).toBe(process);
    expect(() => new shims.DefaultJsonSchemaValidator().getValidator({ type: 'object' })).toThrow(
      /checks answers itself/,
    );
  });
});

describe('M1 · the bundled SDK is the version burgee says it is', () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/burgee/package.json'), 'utf8'));
  const dir = join(repoRoot, 'packages/burgee');

  it("M1 · the build accepts the package's own vendored versions, which are the installed copies", () => {
    expect(() => checkVendored(repoRoot, dir, manifest)).not.toThrow();
    const sdk = JSON.parse(
      readFileSync(join(repoRoot, 'node_modules/@modelcontextprotocol/server/package.json'), 'utf8'),
    );
    expect(manifest.vendored['@modelcontextprotocol/server']).toBe(sdk.version);
  });

  it('M1 · the build refuses a vendored version that differs from the installed copy, naming both', () => {
    const stale = { ...manifest, vendored: { ...manifest.vendored, '@modelcontextprotocol/server': '2.3.9' } };
    expect(() => checkVendored(repoRoot, dir, stale)).toThrow(
      /"vendored" says @modelcontextprotocol\/server 2\.3\.9 is compiled into dist\/, but 2\.\d+\.\d+ is installed/,
    );
  });

  it('M1 · docs/mcp-sdk.md states the vendored version', () => {
    const page = readFileSync(join(repoRoot, 'docs/mcp-sdk.md'), 'utf8');
    expect(page).toContain(`\`@modelcontextprotocol/server\` ${manifest.vendored['@modelcontextprotocol/server']}`);
    expect(page).toContain(`\`zod\` ${manifest.vendored.zod}`);
  });
});

describe('N1 · the SDK reaches burgee only through its script', () => {
  /** Bundles one module's code as the shared build does, with the build's guard. */
  const bundle = (code: string) =>
    build({
      input: 'entry.ts',
      cwd: repoRoot,
      platform: 'node',
      logLevel: 'silent',
      write: false,
      plugins: [
        {
          name: 'entry',
          resolveId: (id: string) => (id === 'entry.ts' ? id : null),
          load: (id: string) => (id === 'entry.ts' ? code : null),
        },
        sdkOnlyThroughItsScript(`${repoRoot}packages/burgee`),
      ],
    });

  it.each([
    ["import { Server } from '@modelcontextprotocol/server'; export const s = Server;", '@modelcontextprotocol/server'],
    ["export { serveStdio } from '@modelcontextprotocol/server/stdio';", '@modelcontextprotocol/server/stdio'],
    ["import { z } from 'zod'; export const n = z.number();", 'zod'],
  ])('N1 · the shared build stops at a value import: %s', async (code, source) => {
    await expect(bundle(code)).rejects.toThrow(`imports ${source}: take the SDK's values from runtime/mcp/sdk.ts`);
  });

  it('N1 · a type-only import is no import once compiled, and passes', async () => {
    const output = await bundle(
      "import type { Server } from '@modelcontextprotocol/server'; export const n: Server | 1 = 1;",
    );
    expect(output.output[0].code).not.toContain('modelcontextprotocol');
  });
});
