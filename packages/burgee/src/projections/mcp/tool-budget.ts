import { DEFAULT_TOOL_BUDGET } from '../../manifest/budgets.js';
import { DISCOVERY_TOOL } from '../../manifest/names.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { TOOLS_TEXT_KEY } from './tool-text.js';
import { listToolCommands, toMcpTool } from './tools.js';
import type { ExampleReader, McpTool } from './types.js';

export { DISCOVERY_TOOL };

/** What a budgeted server lists, and the groups its discovery tool opens. */
export type ToolListing = {
  /** Every tool listed now, discovery tool first when there is one. */
  tools: McpTool[];
  /** The groups the discovery tool can open, each with its commands; `.` holds top-level commands left out. */
  groups: Map<string, ManifestCommand[]>;
};

/** The discovery tool's group for the top-level commands that did not fit in the list. */
export const TOP_LEVEL = '.';

// Room kept in the budget for the discovery tool to name the `.` group, when top-level commands are left out.
const TOP_LEVEL_ROOM = 160;

/**
 * The tools a program lists (M2). Every tool while their JSON fits `mcp.toolBudget` (8,000
 * characters unless the program says otherwise; `Infinity` lists every tool). Past it: one discovery
 * tool naming the top-level groups, then the top-level commands while they fit (the rest form the
 * group `.`), then the tools of every group discovered so far. Clients that gather every page of
 * `tools/list` into one list see the same, so the listing is one page.
 */
export function toToolListing(
  manifest: Manifest,
  discovered: ReadonlySet<string> = new Set(),
  read?: ExampleReader,
): ToolListing {
  const commands = listToolCommands(manifest);
  const budget = manifest.mcp?.toolBudget ?? DEFAULT_TOOL_BUDGET;
  const all = commands.map((command) => toMcpTool(command, read));
  // A foreign program may have a tool of the discovery tool's name (native ones are refused at
  // definition): listing both would make one of them uncallable, so it lists every tool.
  const fits = JSON.stringify(all).length <= budget || all.some((tool) => tool.name === DISCOVERY_TOOL);
  if (fits) return { tools: all, groups: new Map() };
  const groups = new Map<string, ManifestCommand[]>();
  const top: number[] = [];
  commands.forEach((command, i) => {
    if (command.path.length <= 1) top.push(i);
    else groups.set(command.path[0]!, [...(groups.get(command.path[0]!) ?? []), command]);
  });
  let size = JSON.stringify([discoveryTool(manifest, groups)]).length + TOP_LEVEL_ROOM;
  const listed: McpTool[] = [];
  const left: ManifestCommand[] = [];
  for (const i of top) {
    const cost = JSON.stringify(all[i]).length + 1;
    if (left.length === 0 && size + cost <= budget) {
      listed.push(all[i]!);
      size += cost;
    } else left.push(commands[i]!);
  }
  if (left.length > 0) groups.set(TOP_LEVEL, left);
  const opened = [...groups].filter(([group]) => discovered.has(group)).flatMap(([, members]) => members);
  return {
    tools: [discoveryTool(manifest, groups), ...listed, ...opened.map((command) => toMcpTool(command, read))],
    groups,
  };
}

/** The discovery tool: one argument, the group, among those named in its schema. */
function discoveryTool(manifest: Manifest, groups: ReadonlyMap<string, ManifestCommand[]>): McpTool {
  const named = [...groups].map(([group, members]) =>
    group === TOP_LEVEL
      ? `"${TOP_LEVEL}" for the ${members.length} top-level tools not listed`
      : `${group} (${members.length})`,
  );
  return {
    name: DISCOVERY_TOOL,
    description: `Gets the tools of one group of ${manifest.name}: ${named.join(', ')}. Then tools/list lists them too; any tool is callable by name at any time. ${TOOLS_TEXT_KEY}`,
    inputSchema: {
      type: 'object',
      properties: { group: { type: 'string', enum: [...groups.keys()] } },
      required: ['group'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
  };
}

/** The tools of one group the discovery tool names, each example read by `read` as in `toToolListing`. */
export const groupTools = (listing: ToolListing, group: string, read?: ExampleReader): McpTool[] | undefined =>
  listing.groups.get(group)?.map((command) => toMcpTool(command, read));
