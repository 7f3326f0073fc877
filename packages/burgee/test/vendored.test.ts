import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkVendored } from '../../../scripts/vendored.mjs';
import { repoRoot } from './support/cli.js';

const chunks = `${repoRoot}packages/burgee/dist/chunks`;
const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/burgee/package.json'), 'utf8'));
const dir = join(repoRoot, 'packages/burgee');

/** The files the bundled SDK chunk was made of, from its source map. */
function sdkSources(): string[] {
  const maps = readdirSync(chunks).filter((file) => /^vendor-mcp-sdk-[\w-]+\.js\.map$/.test(file));
  expect(maps).toHaveLength(1);
  return (JSON.parse(readFileSync(join(chunks, maps[0]!), 'utf8')) as { sources: string[] }).sources;
}

describe('M1 · the bundled SDK is the SDK as it ships', () => {
  it('M1 · the SDK chunk is made of the published files of the server, its core and zod, and nothing else', () => {
    const sources = sdkSources();
    expect(sources.some((source) => source.includes('@modelcontextprotocol/server/dist/'))).toBe(true);
    expect(sources.some((source) => source.includes('@modelcontextprotocol/core/dist/'))).toBe(true);
    expect(sources.some((source) => source.includes('/zod/'))).toBe(true);
    // No file of burgee's and no module the build made up (a patch or a shim would be one).
    const foreign = sources.filter(
      (source) => !/\/node_modules\/(@modelcontextprotocol\/(server|core)|zod)\//.test(source),
    );
    expect(foreign).toEqual([]);
  });

  it('M1 · every chunk is an ordinary module: no code held in a string, nothing evaluated', () => {
    const files = readdirSync(chunks).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of [...files.map((f) => join(chunks, f)), join(dir, 'dist/index.js')]) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/\b(compileScript|cachedData|new Script|runInThisContext)\b/);
    }
  });
});

describe('M1 · the bundled SDK is the version burgee says it is', () => {
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
