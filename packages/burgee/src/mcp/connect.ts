import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import type { Program } from '../declaration/types.js';
import { stateKey } from './request-state.js';
import { InMemoryTransport } from './sdk.js';
import { DEFAULT_CALL_TIMEOUT_MS } from './serve.js';
import { assertToolNames, serveTools } from './server.js';

/** Settings of `connectMcp` (burgee/testing declares the public twin, with the client's options typed optionally). */
export type ConnectMcpOptions = {
  /** The environment calls run with; empty by default, as in `runProgram`. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  timeoutMs?: number;
  /** Passed to the official `Client`, e.g. `{ versionNegotiation: { mode: { pin: '2026-07-28' } } }`. */
  client?: ClientOptions;
  /** Answers the server's questions as the client's user would; with it, the client declares form elicitation (Q1). */
  answer?: (question: McpQuestion) => McpAnswer | Promise<McpAnswer>;
};

/** A question the server asks (`elicitation/create`, form mode): the message and the form's JSON Schema. */
export type McpQuestion = {
  message: string;
  requestedSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] };
};

/** What the client's user does with a question: fills the form in, declines it, or cancels. */
export type McpAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' };

/** Serves a program in this process and connects the official client to it over the SDK's in-memory transport (T1). */
export async function connectMcp(program: Program, options: ConnectMcpOptions = {}): Promise<Client> {
  assertToolNames(program);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const settings = {
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
