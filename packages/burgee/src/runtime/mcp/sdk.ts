import type * as NodeUrl from 'node:url';
import { builtin } from '../builtins.js';
import { runCachedScript } from '../code-cache.js';
import type * as Sdk from './sdk-entry.js';

// Top-level await: only ever loaded with import(), by the MCP server and burgee/testing.
const { fileURLToPath } = await builtin<typeof NodeUrl>('node:url');

// Built, this module sits in dist/chunks beside the script; run from the TypeScript sources (the
// tests), it runs the built script too, so both run the SDK exactly as it ships.
const SCRIPT = import.meta.url.endsWith('.ts')
  ? '../../../dist/chunks/vendor-mcp-sdk.script.js'
  : './vendor-mcp-sdk.script.js';

const sdk = runCachedScript<typeof Sdk>(fileURLToPath(new URL(SCRIPT, import.meta.url)));

export const {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  INVALID_PARAMS,
  INVALID_REQUEST,
  InMemoryTransport,
  isLegacyRequest,
  PARSE_ERROR,
  ProtocolError,
  ProtocolErrorCode,
  parseJSONRPCMessage,
  Server,
  serveStdio,
  WebStandardStreamableHTTPServerTransport,
} = sdk;

// The classes are types too.
export type InMemoryTransport = Sdk.InMemoryTransport;
export type ProtocolError = Sdk.ProtocolError;
export type Server = Sdk.Server;
export type WebStandardStreamableHTTPServerTransport = Sdk.WebStandardStreamableHTTPServerTransport;
