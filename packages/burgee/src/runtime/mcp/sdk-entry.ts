// Every value burgee takes from the MCP SDK. The build compiles this module, with the SDK and zod,
// into the script runtime/mcp/sdk.ts runs (scripts/sdk-script.mjs); burgee's own modules take these
// values from sdk.ts, never from the SDK's packages (the build refuses such an import).
export {
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
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
export { serveStdio } from '@modelcontextprotocol/server/stdio';
