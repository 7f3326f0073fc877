import { describe, expect, it } from 'vitest';
import type { McpTool } from '../projections/mcp/types.js';
import { renderToolChanges } from './tool-changes.js';

const tool = (name: string, description?: string): McpTool => ({
  name,
  inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
  ...(description === undefined ? {} : { description }),
});

describe('M8 · renderToolChanges', () => {
  it('M8 · + for a new tool, ~ for a changed one, - for a removed one; nothing for the same list', () => {
    const before = [tool('status', 'Show'), tool('old'), tool('same', 'x')];
    const after = [tool('deploy'), tool('status', 'Show, briefly'), tool('same', 'x')];
    expect(renderToolChanges(before, after)).toEqual(['+ deploy', '~ status', '- old']);
    expect(renderToolChanges(before, before)).toEqual([]);
  });

  it('M8 · a change anywhere in the tool counts, not only in its description', () => {
    const wider = {
      ...tool('status'),
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    };
    expect(renderToolChanges([tool('status')], [wider])).toEqual(['~ status']);
  });
});
