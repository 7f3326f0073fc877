import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { Program } from '../../declaration/types.js';
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
};

/** Serves a program in this process and connects the official client to it over the SDK's in-memory transport (T1). */
export async function connectMcp(program: Program, options: ConnectMcpOptions = {}): Promise<Client> {
  assertToolNames(program);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const settings = {
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    timeoutMs: options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
  };
  serveTools({ program }, settings, serverSide, () => {});
  const client = new Client({ name: 'burgee-testing', version: '1.0.0' }, options.client);
  // Closing the client closes the linked pair, which ends the server side too.
  await client.connect(clientSide);
  return client;
}
