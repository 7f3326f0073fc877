import type { CallToolResult } from '@modelcontextprotocol/server';
import { DISCOVERY_TOOL } from '../manifest/names.js';
import type { Manifest } from '../manifest/types.js';
import { groupTools, toToolListing } from '../projections/mcp/tool-budget.js';
import { renderToolsText } from '../projections/mcp/tool-text.js';
import type { McpTool } from '../projections/mcp/types.js';
import { exampleReader } from './next-calls.js';

/** The groups a connection has discovered: their tools are listed from then on (M2). */
export type Discovered = Set<string>;

/** `tools/list` for this connection: every tool, or with a tool budget what fits and what was discovered (M2). */
export const listTools = (manifest: Manifest, discovered: Discovered): McpTool[] =>
  toToolListing(manifest, discovered, exampleReader(manifest)).tools;

/** True when `name` is the discovery tool of a program that lists one. */
export const isDiscovery = (manifest: Manifest, name: string): boolean =>
  name === DISCOVERY_TOOL && toToolListing(manifest).groups.size > 0;

/**
 * A call of the discovery tool: the group's tools with every fact of their input schemas, as lines
 * a model reads (projections/mcp/tool-text.ts); the group is remembered so `tools/list` lists them,
 * and `changed` tells the client. The tool declares no output schema, so its answer carries no
 * `structuredContent`: the same tools again would double what a model reads of the answer (N5).
 * `seen` shapes each tool as `tools/list` shows it to this client (Q5).
 */
export function discover(
  manifest: Manifest,
  discovered: Discovered,
  args: Record<string, unknown>,
  changed: () => void,
  seen: (tool: McpTool) => McpTool = (tool) => tool,
): CallToolResult {
  const read = exampleReader(manifest);
  const listing = toToolListing(manifest, discovered, read);
  const group = args.group;
  const tools = typeof group === 'string' ? groupTools(listing, group, read) : undefined;
  const extra = Object.keys(args).filter((key) => key !== 'group');
  if (tools === undefined || extra.length > 0) {
    const groups = [...listing.groups.keys()];
    const envelope = {
      ok: false,
      error: {
        code: 2,
        message:
          extra.length > 0
            ? `unknown argument ${JSON.stringify(extra[0])} for ${DISCOVERY_TOOL}`
            : `${DISCOVERY_TOOL} needs "group", one of the groups it names; got ${JSON.stringify(group ?? null)}`,
        hint: `groups: ${groups.join(', ')}`,
      },
    };
    return { content: [{ type: 'text', text: JSON.stringify(envelope) }], isError: true };
  }
  if (!discovered.has(group as string)) {
    discovered.add(group as string);
    changed();
  }
  return { content: [{ type: 'text', text: renderToolsText(tools.map(seen)) }], isError: false };
}
