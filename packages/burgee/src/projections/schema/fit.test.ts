import { describe, expect, it } from 'vitest';
import { scaleProgram } from '../../../test/fixtures/scale.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { fitManifestSchema, renderSchema } from './schema-document.js';

const manifest = buildManifest(scaleProgram(100));
const sizeAt = (budget: number, page = 1) => {
  const fitted = fitManifestSchema(manifest, { budget, page });
  if (!fitted.ok) throw new Error(JSON.stringify(fitted));
  return { document: fitted.document, length: renderSchema(fitted.document).length };
};

describe('fitSchemaDocument', () => {
  it('S4 · as the budget shrinks the document degrades in order: full, summary, names, groups, pages', () => {
    const seen: string[] = [];
    for (let budget = 120_000; budget >= 600; budget = Math.floor(budget * 0.97)) {
      const { document, length } = sizeAt(budget);
      expect(length).toBeLessThanOrEqual(budget);
      const form = 'detail' in document ? `${document.detail}${document.truncated ? ' paged' : ''}` : 'full';
      if (seen.at(-1) !== form) seen.push(form);
    }
    expect(seen).toEqual(['full', 'summary', 'names', 'groups', 'groups paged']);
  });

  it('S4 · each form is used up to its exact length, boundary included', () => {
    const full = renderSchema(sizeAt(1_000_000).document).length;
    expect(sizeAt(full).document).not.toHaveProperty('summarised');
    expect(sizeAt(full - 1).document).toMatchObject({ detail: 'summary' });
  });

  it('S4 · a group is counted only where its line is shorter than its commands, and the counts add up', () => {
    const { document } = sizeAt(2_600);
    expect(document).toMatchObject({ detail: 'groups' });
    const { commands, groups = [] } = document as { commands: unknown[]; groups?: { commands: number }[] };
    expect(groups.map((g) => g.commands)).toEqual([20, 20, 20, 20]);
    expect(commands.length + groups.reduce((sum, g) => sum + g.commands, 0)).toBe(100);
  });

  it('S4 · pages hold every entry exactly once, in order', () => {
    const first = sizeAt(700);
    const pages = (first.document as { pages: number }).pages;
    const entries: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { document, length } = sizeAt(700, page);
      expect(length).toBeLessThanOrEqual(700);
      expect(document).toMatchObject({ truncated: true, page, pages });
      const { commands, groups = [] } = document as { commands: { name: string }[]; groups?: { name: string }[] };
      entries.push(...groups.map((g) => g.name), ...commands.map((c) => c.name));
    }
    expect(entries).toHaveLength(4 + 20);
    expect(new Set(entries).size).toBe(entries.length);
    expect(fitManifestSchema(manifest, { budget: 700, page: pages + 1 })).toEqual({ ok: false, reason: 'page', pages });
  });
});
