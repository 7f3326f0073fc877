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
  /** MCP 2025-11-25: whether a client may, or must, run the tool as a task (B2). */
  execution?: { taskSupport: 'optional' | 'required' };
};

/** A call of one tool: its name and its arguments. */
export type ToolCall = { tool: string; arguments: Record<string, unknown> };

/**
 * Reads an example's command line as the tool call that runs it, the inverse of M3, or undefined
 * when no call does. The program's own parser reads it (mcp/next-calls.ts), which a
 * projection may not import, so the serve loop hands it in.
 */
export type ExampleReader = (line: string) => ToolCall | undefined;

/** Why a tool call's arguments cannot become a command line; the call is refused as a usage error. */
export type ArgvRefusal = { message: string; hint: string };

/** The command line a tool call runs, or why there is none. */
export type ToArgvResult = { argv: string[] } | { refusal: ArgvRefusal };

/**
 * How the parser that reads a tool call's command line wants it written (M3): a foreign program's
 * library reads some shapes otherwise than burgee's own parser does.
 */
export type ArgvStyle = {
  /**
   * Where the positionals go: after the options (`last`, burgee's parser); after the options and a
   * `--` (`separated`, commander: a value may then start with `-`, and no option before takes it);
   * before the options (`first`, yargs: an array option takes every plain word after it).
   */
  positionals?: 'last' | 'separated' | 'first';
  /** True when `false` for a negatable boolean is always typed (`--no-x`): the parser tells absent from false. */
  explicitFalse?: boolean;
  /**
   * False when the line carries no `--json`: the surface asks the run for its envelope itself, so a
   * program with a `--json` of its own (F3) is called as any other.
   */
  jsonFlag?: boolean;
};

/** What `toArgv` needs to know beyond the command itself. */
export type ArgvContext = ArgvStyle & {
  /** The program's name, for messages. */
  program?: string;
  /** True when the program reads config files, where any boolean may be switched on. */
  config?: boolean;
};
