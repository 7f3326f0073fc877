/**
 * `burgee/mcp`: the MCP projections (pure) and the serve loop, which loads the SDK only when called
 * (N1). The entry of the MCP room, so projections/ never reaches into the serving code beside it.
 */
import type { Manifest } from '../manifest/types.js';
import { toMcpTools as project } from '../projections/mcp/tools.js';
import type { McpTool } from '../projections/mcp/types.js';
import { exampleReader } from './next-calls.js';

export * from '../projections/mcp/index.js';
export { type McpServing, type ServeMcpOptions, serveMcp } from './lazy.js';

/** The tool list a server serves (M2): every tool, each example read by the program's parser as its arguments. */
export const toMcpTools = (manifest: Manifest): McpTool[] => project(manifest, exampleReader(manifest));
