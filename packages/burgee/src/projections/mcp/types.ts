/**
 * Shapes of the MCP surface (M2, M3): plain data the serve loop hands to the SDK as is.
 */
import type { InputSchema } from '../schema/types.js';

/** The hints MCP clients read before calling a tool; derived from the command's effects (M2). */
export type McpToolAnnotations = {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint: boolean;
};

/** One tool as `tools/list` returns it. */
export type McpTool = {
  name: string;
  description?: string;
  inputSchema: InputSchema;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
};

/** Why a tool call's arguments cannot become a command line; the call is refused as a usage error. */
export type ArgvRefusal = { message: string; hint: string };

/** The command line a tool call runs, or why there is none. */
export type ToArgvResult = { argv: string[] } | { refusal: ArgvRefusal };

/** What `toArgv` needs to know beyond the command itself. */
export type ArgvContext = {
  /** The program's name, for messages. */
  program?: string;
  /** True when the program reads config files, where any boolean may be switched on. */
  config?: boolean;
};
