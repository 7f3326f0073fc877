/**
 * `burgee/mcp`: the MCP projections (pure) and the serve loop, which loads the SDK only when called
 * (N1). An entry of its own, so projections/ never reaches into runtime/.
 */
export * from '../projections/mcp/index.js';
export { type McpServing, type ServeMcpOptions, serveMcp } from '../runtime/mcp/lazy.js';
