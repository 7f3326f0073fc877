import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

/** Where a path AGENTS.md names may start: the repository, the burgee package, its source. */
const bases = [repoRoot, join(repoRoot, 'packages', 'burgee'), join(repoRoot, 'packages', 'burgee', 'src')];

/**
 * The paths a span in backquotes names: a word with a slash or a file extension, not a package
 * export (`burgee/mcp`), a flag, a placeholder or a pattern. A run stage (`parse-argv`) names no path.
 */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return spans.filter(
    (span) =>
      (span.includes('/') || /\.(ts|mjs|md|json)$/.test(span)) &&
      !/^(burgee|caique|roundel)\/|^[@.-]|[<>*…']/.test(span) &&
      !span.startsWith('dist/'),
  );
}

const exists = (path: string) => bases.some((base) => existsSync(join(base, path)));

describe('AGENTS.md is a map whose every path exists', () => {
  const text = readFileSync(join(repoRoot, 'AGENTS.md'), 'utf8');

  it('N4 · every path AGENTS.md names exists (from the repository, packages/burgee or its src/)', () => {
    const paths = namedPaths(text);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('N4 · a stale path is caught: the check reads what the text names', () => {
    const stale = namedPaths('the loop is in `runtime/mcp/serve.ts`, the writer in `user-files/update.ts`');
    expect(stale).toEqual(['runtime/mcp/serve.ts', 'user-files/update.ts']);
    expect(stale.filter((path) => !exists(path))).toEqual(['runtime/mcp/serve.ts']);
  });

  it('N4 · AGENTS.md is one page: under 100 lines, with one table row per surface', () => {
    expect(text.split('\n').length).toBeLessThan(100);
    for (const surface of [
      '--help',
      '--json',
      '--schema',
      '--llms',
      '--mcp',
      '--explain',
      '--version',
      'completion',
      'skills print',
      'mcp config',
    ])
      expect(text).toMatch(new RegExp(`^\\| \`${surface.replace(/[-]/g, '\\-')}`, 'm'));
  });
});
