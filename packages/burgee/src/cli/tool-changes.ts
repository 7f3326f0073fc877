import type { McpTool } from '../projections/mcp/types.js';

/**
 * What a reload changed in the tool list, one line per tool: `+ name` added, `~ name` changed in any
 * way a client sees (description, schema, hints), `- name` removed (M8).
 */
export function renderToolChanges(before: readonly McpTool[], after: readonly McpTool[]): string[] {
  const previous = new Map(before.map((tool) => [tool.name, JSON.stringify(tool)]));
  const lines: string[] = [];
  for (const tool of after) {
    const was = previous.get(tool.name);
    if (was === undefined) lines.push(`+ ${tool.name}`);
    else if (was !== JSON.stringify(tool)) lines.push(`~ ${tool.name}`);
  }
  const kept = new Set(after.map((tool) => tool.name));
  for (const tool of before) if (!kept.has(tool.name)) lines.push(`- ${tool.name}`);
  return lines;
}
