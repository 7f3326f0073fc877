import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import type { Program } from '../declaration/types.js';
import type { ConnectMcpOptions, McpQuestion } from './connect-options.js';
import { stateKey } from './request-state.js';
import { InMemoryTransport } from './sdk.js';
import { DEFAULT_CALL_TIMEOUT_MS } from './serve.js';
import { assertToolNames, serveTools } from './server.js';
import type { Execute } from './tool-call.js';

/**
 * Serves a program in this process, each call run through `execute`, and connects the official
 * client to it over the SDK's in-memory transport (T1).
 */
export async function connectMcp(program: Program, options: ConnectMcpOptions, execute: Execute): Promise<Client> {
  assertToolNames(program);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const settings = {
    execute,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    timeoutMs: options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    stateKey: stateKey(options.env ?? {}),
    globalWords: [],
  };
  serveTools({ program }, settings, serverSide, () => {});
  const client = new Client({ name: 'burgee-testing', version: '1.0.0' }, clientOptions(options));
  const answer = options.answer;
  if (answer !== undefined) {
    client.setRequestHandler('elicitation/create', async (request) => answer(request.params as McpQuestion));
  }
  // Closing the client closes the linked pair, which ends the server side too.
  await client.connect(clientSide);
  return client;
}

/** The client's options, declaring form elicitation when the test answers questions. */
function clientOptions(options: ConnectMcpOptions): ClientOptions | undefined {
  if (options.answer === undefined) return options.client;
  const capabilities = { ...options.client?.capabilities, elicitation: { form: {} } };
  return { ...options.client, capabilities };
}
