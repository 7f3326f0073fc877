import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { manifestOf } from '../src/declaration/to-manifest.js';
import { toMcpTools } from '../src/mcp.js';
import { renderLlms, renderRootSkill, skillBody, toSkillPages } from '../src/projections/skills/index.js';
import { program as cloud } from './fixtures/cloud.mjs';

// Tokens counted by a real o200k tokenizer, on the bytes the surfaces print (bench/tokens.mjs gives
// the whole table, MCP tool list and help included).
describe.each([
  ['deploy', deploy],
  ['ship', ship],
])('L3 · the %s example, in tokens', (_, program) => {
  const manifest = manifestOf(program);

  it('L3 · its root SKILL.md is under 5,000 tokens', () => {
    const tokens = countTokens(renderRootSkill(manifest));
    expect(tokens).toBeGreaterThan(0);
    expect(tokens).toBeLessThan(5_000);
  });

  it('L5 · its llms index costs fewer tokens than its MCP tool list and than its skill body', () => {
    const llms = countTokens(renderLlms(manifest));
    expect(llms).toBeLessThan(countTokens(JSON.stringify({ tools: toMcpTools(manifest) })));
    expect(llms).toBeLessThan(countTokens(skillBody(renderRootSkill(manifest))));
  });
});

describe('L1 · L3 · a program of four groups discloses its skill a group at a time', () => {
  const pages = toSkillPages(manifestOf(cloud));
  const tokens = pages.map((page) => countTokens(page.text));
  const [root, ...groups] = tokens as [number, ...number[]];

  it('L3 · SKILL.md and a page per group; the contract is taught once, in SKILL.md', () => {
    expect(pages.map((page) => page.file)).toEqual([
      'SKILL.md',
      'references/projects.md',
      'references/deploys.md',
      'references/secrets.md',
      'references/logs.md',
    ]);
    for (const page of pages.slice(1)) {
      expect([page.file, /--json|Exit codes|`non_idempotent` changes/.test(page.text)]).toEqual([page.file, false]);
    }
  });

  it('L3 · the root and the largest group cost less than half of every page together, and within 800 tokens', () => {
    const learn = root + Math.max(...groups);
    const all = tokens.reduce((sum, n) => sum + n, 0);
    expect(learn).toBeLessThan(all / 2);
    // Measured at 782 (o200k); 1,013 before each fact was said in fewer words, 2,773 as one SKILL.md before pages.
    expect(learn).toBeLessThanOrEqual(800);
  });

  it('N5 · each surface an agent reads first keeps to its budget: front matter, SKILL.md, a page, --llms', () => {
    const manifest = manifestOf(cloud);
    const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(pages[0]!.text)![0];
    // Measured at 36, 381, 401 (deploys) and 551; before: 56, 521, 492 and 661.
    expect(countTokens(frontMatter)).toBeLessThanOrEqual(40);
    expect(root).toBeLessThanOrEqual(400);
    expect(Math.max(...groups)).toBeLessThanOrEqual(420);
    expect(countTokens(renderLlms(manifest))).toBeLessThanOrEqual(570);
  });
});
