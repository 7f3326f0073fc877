import type * as NodeFs from 'node:fs';
import type * as NodeUrl from 'node:url';
import { builtin } from '../builtins.js';
import { compileScript } from '../code-cache.js';
import type * as Sdk from './sdk-entry.js';

// Top-level await: only ever loaded with import(), by the MCP server and burgee/testing. (Not
// node-fs-ready.ts: the bundle would pull it into this chunk, which other chunks would then load.)
const [fs, { fileURLToPath }] = await Promise.all([
  builtin<typeof NodeFs>('node:fs'),
  builtin<typeof NodeUrl>('node:url'),
]);

// Built, this module sits in dist/chunks beside the script; run from the TypeScript sources (the
// tests), it runs the built script too, so both run the SDK exactly as it ships.
const SCRIPT = import.meta.url.endsWith('.ts')
  ? '../../../dist/chunks/vendor-mcp-sdk.script.js'
  : './vendor-mcp-sdk.script.js';

const filename = fileURLToPath(new URL(SCRIPT, import.meta.url));
const source = fs.readFileSync(filename, 'utf8');
// Its first line names its content (scripts/sdk-script.mjs).
const content = /^\/\/burgee-script ([0-9a-f]{16})\n/.exec(source)?.[1];
const sdk = (compileScript(source, { filename, content }) as () => typeof Sdk)();

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
