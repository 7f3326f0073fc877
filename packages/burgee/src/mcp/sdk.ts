// Every value burgee takes from the MCP SDK, in one place: burgee's other modules import the SDK's
// values from here, never from its packages, so what the bundle compiles in stays one list. Only
// ever loaded with import(), by the MCP server and burgee/testing (M1, N1).
export {
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  INVALID_PARAMS,
  INVALID_REQUEST,
  InMemoryTransport,
  isLegacyRequest,
  MissingRequiredClientCapabilityError,
  PARSE_ERROR,
  ProtocolError,
  ProtocolErrorCode,
  parseJSONRPCMessage,
  RELATED_TASK_META_KEY,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
export { serveStdio } from '@modelcontextprotocol/server/stdio';
