import type { Command, Program } from '../declaration/types.js';
import type { McpServing, ServeMcpOptions } from './serve-types.js';

export type { McpServing, ServeMcpOptions };

/** Serves a program over MCP on stdio; the SDK loads only now, so importing `burgee/mcp` stays cheap (N1). */
export async function serveMcp(target: Program | Command, options: ServeMcpOptions = {}): Promise<McpServing> {
  const { serveMcp: serve } = await import('./serve.js');
  return serve(target, options);
}
