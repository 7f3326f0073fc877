import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../examples/deploy/cli.mjs';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { manifestOf } from '../src/manifest/build.js';
import { toMcpTools } from '../src/projections/mcp/index.js';
import { renderLlms, renderRootSkill, skillBody } from '../src/projections/skills/index.js';

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
