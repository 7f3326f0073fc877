// The official client of the MCP tasks extension (2026-07-28), @modelcontextprotocol/ext-tasks, over
// the official SDK client. The SDK client's codec refuses the extension's answers (`resultType:
// "task"`), so the extension asks its host for a raw request path; here it is the client's own
// transport, tapped: a raw request goes out on it, and its answer is taken out before the client sees it.

import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import { Client as SdkClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  type ApplicationInputRequest,
  createTaskSessionFromClient,
  type JsonRpcResponse,
  type RawClientDispatch,
} from '@modelcontextprotocol/ext-tasks/client';
import { repoRoot } from './cli.js';
import { childEnv } from './mcp.js';

const MODERN = '2026-07-28';
const INFO = { name: 'burgee-tests', version: '1.0.0' };

type Message = { id?: string | number; method?: string } & Record<string, unknown>;
type Tappable = {
  onmessage?: ((message: Message, extra?: unknown) => void) | undefined;
  send(message: Message): Promise<void>;
};

/**
 * Routes the answers to raw requests away from the client: call before `client.connect(transport)`.
 * Gives the raw request path (`rawDispatch`) the extension's session needs.
 */
function tapRaw(transport: Tappable): RawClientDispatch {
  const waiting = new Map<string | number, (message: JsonRpcResponse) => void>();
  let clientHandler: ((message: Message, extra?: unknown) => void) | undefined;
  const route = (message: Message, extra?: unknown) => {
    const answer = message.method === undefined && message.id !== undefined ? waiting.get(message.id) : undefined;
    if (answer === undefined) return clientHandler?.(message, extra);
    waiting.delete(message.id!);
    answer(message as unknown as JsonRpcResponse);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    // Undefined until the client sets its handler: the client calls whatever handler it found first,
    // which must not be this router.
    get: () => (clientHandler === undefined ? undefined : route),
    set: (handler) => {
      clientHandler = handler;
    },
  });
  let next = 0;
  return (request) =>
    new Promise((resolve, reject) => {
      const sent = { ...(request as Message), jsonrpc: '2.0' } as Message;
      sent.id ??= `raw-${++next}`;
      waiting.set(sent.id, resolve);
      transport.send(sent).catch(reject);
    });
}

/** How the client's user answers a question of a task (`onInputRequest`). */
export type AnswerQuestion = (params: Record<string, unknown>) => Record<string, unknown>;

export type TaskClient = {
  client: Client;
  session: ReturnType<typeof createTaskSessionFromClient>;
  close(): Promise<void>;
};

/** Connects the official client in 2026-07-28 to `script --mcp` (stdio) or to `url`, with a tasks session. */
export async function connectTasks(
  where: { script: string; env?: Record<string, string> } | { url: string; token?: string },
  answer?: AnswerQuestion,
): Promise<TaskClient> {
  const headers: Record<string, string> =
    'token' in where && where.token !== undefined ? { authorization: `Bearer ${where.token}` } : {};
  const transport =
    'url' in where
      ? new StreamableHTTPClientTransport(new URL(where.url), { requestInit: { headers } })
      : new StdioClientTransport({
          command: process.execPath,
          args: [where.script, '--mcp'],
          env: childEnv(where.env),
          cwd: repoRoot,
          stderr: 'pipe',
        });
  const rawDispatch = tapRaw(transport as unknown as Tappable);
  const capabilities = answer === undefined ? {} : { elicitation: { form: {} } };
  const options: ClientOptions = { versionNegotiation: { mode: { pin: MODERN } }, capabilities };
  const client = new SdkClient(INFO, options);
  await client.connect(transport);
  const session = createTaskSessionFromClient(client, {
    endpointId: 'burgee-tests',
    rawDispatch,
    v2RequestFraming: { protocolVersion: MODERN, clientInfo: INFO, clientCapabilities: capabilities },
    onInputRequest: async (request: ApplicationInputRequest) => {
      if (request.kind !== 'elicitation' || answer === undefined) throw new Error(`not answered: ${request.kind}`);
      return answer(request.params as Record<string, unknown>) as never;
    },
  });
  return {
    client,
    session,
    close: async () => {
      await session.close();
      await client.close();
    },
  };
}
