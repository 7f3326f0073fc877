/**
 * `burgee/mcp`: the MCP projections (pure) and the serve loop, which loads the SDK only when called
 * (N1). A door beside `index.ts`, not inside mcp/: it ties the serving room to run/'s `execute()`,
 * which mcp/ may not import (run/ starts the server for `--mcp`).
 */
import type { Command, Program } from './declaration/types.js';
import type { Manifest } from './manifest/types.js';
import { exampleReader } from './mcp/next-calls.js';
import type { McpServing, ServeMcpOptions } from './mcp/serve-types.js';
import { toMcpTools as project } from './projections/mcp/tools.js';
import type { McpTool } from './projections/mcp/types.js';

export * from './projections/mcp/index.js';
export type { McpServing, ServeMcpOptions };

/** The tool list a server serves (M2): every tool, each example read by the program's parser as its arguments. */
export const toMcpTools = (manifest: Manifest): McpTool[] => project(manifest, exampleReader(manifest));

/** Serves a program over MCP on stdio; the SDK loads only now, so importing `burgee/mcp` stays cheap (N1). */
export async function serveMcp(target: Program | Command, options: ServeMcpOptions = {}): Promise<McpServing> {
  const [{ serveMcp: serve }, { execute }] = await Promise.all([import('./mcp/serve.js'), import('./run/execute.js')]);
  return serve(target, options, execute);
}
