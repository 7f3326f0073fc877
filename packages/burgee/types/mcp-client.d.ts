// The official MCP client is an optional peer dependency of burgee/testing: a project that never
// calls connectMcp need not install it, and must still type-check strictly (no skipLibCheck)
// against burgee's declarations. Written by hand, because a compiler drops this directive from the
// declarations it emits. Without the package both types are `any`, and connectMcp says at run time
// what to install.
// @ts-ignore resolves only when @modelcontextprotocol/client is installed
import type { Client, ClientOptions } from '@modelcontextprotocol/client';

/** The official MCP client (`Client` of `@modelcontextprotocol/client`). */
export type McpClient = Client;
/** The official client's own options. */
export type McpClientOptions = ClientOptions;
