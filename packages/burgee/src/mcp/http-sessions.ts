import { isLegacyRequest, type Server, WebStandardStreamableHTTPServerTransport } from './sdk.js';
import type { McpFetch } from './server.js';

/** How many asking sessions one instance keeps; past it, a new one is served statelessly (never asked). */
export const MAX_SESSIONS = 256;
/** A session nothing has used for this long is closed; its client is then served statelessly. */
export const SESSION_IDLE_MS = 30 * 60_000;

type Session = { transport: WebStandardStreamableHTTPServerTransport; server: Server; used: number };

/** What a 2025-era session needs: a server per session, and whether this initialize's client can be asked. */
export type SessionSettings = {
  open(): Server;
  /** True when the program asks and the `initialize` declares form elicitation (Q1). */
  asks(initialize: unknown): boolean;
  maxBody: number;
  onerror(error: Error): void;
};

/**
 * Questions for 2025-era clients over HTTP (Q1). The stateless entry gives each request a server of
 * its own, which never saw the client's `initialize` and cannot receive the client's answer to an
 * `elicitation/create`. So a 2025-era client that declares elicitation, of a program that asks,
 * gets a session (`Mcp-Session-Id`, the SDK's own stateful transport) held by this instance: its
 * questions travel on the call's stream and its answers come back to the same server. Every other
 * request stays stateless (M7). A request naming a session this instance does not hold (another
 * instance's, or one closed since) is served statelessly too: never asked, never refused for it.
 * Behind a load balancer, asking a 2025-era client needs requests routed by `Mcp-Session-Id`.
 */
export function withAskingSessions(stateless: McpFetch, settings: SessionSettings): McpFetch {
  const sessions = new Sessions(settings);
  return {
    fetch: async (request, parsedBody) => {
      const id = request.headers.get('mcp-session-id');
      const session = id === null ? undefined : sessions.use(id);
      if (session !== undefined) {
        // Questions travel on the call's own stream: no standalone stream to hold open.
        if (request.method === 'GET') return methodNotAllowed();
        return session.transport.handleRequest(request, { parsedBody });
      }
      if (id === null && (await sessions.opens(request, parsedBody))) return sessions.open(request, parsedBody);
      return stateless.fetch(request, parsedBody);
    },
    close: async () => {
      sessions.closeAll();
      await stateless.close();
    },
  };
}

/** The asking sessions one instance holds, each closed when its client ends it or leaves it unused. */
class Sessions {
  readonly #held = new Map<string, Session>();
  readonly #settings: SessionSettings;
  readonly #sweep: NodeJS.Timeout;

  constructor(settings: SessionSettings) {
    this.#settings = settings;
    this.#sweep = setInterval(() => {
      const idleSince = Date.now() - SESSION_IDLE_MS;
      for (const [id, session] of this.#held) if (session.used < idleSince) this.close(id);
    }, 60_000);
    this.#sweep.unref();
  }

  /** The session, marked as used now. */
  use(id: string): Session | undefined {
    const session = this.#held.get(id);
    if (session !== undefined) session.used = Date.now();
    return session;
  }

  /** Whether this request opens a session: a 2025-era `initialize` of a client that can be asked, room left. */
  async opens(request: Request, body: unknown): Promise<boolean> {
    return (
      this.#held.size < MAX_SESSIONS &&
      (body as { method?: unknown } | undefined)?.method === 'initialize' &&
      this.#settings.asks(body) &&
      (await isLegacyRequest(request, body))
    );
  }

  /** Answers the `initialize` with a server and a stateful transport of the session's own. */
  async open(request: Request, parsedBody: unknown): Promise<Response> {
    const server = this.#settings.open();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      // Web Crypto's, from the global: importing node:crypto would slow every server's start (N1).
      sessionIdGenerator: () => globalThis.crypto.randomUUID(),
      onsessioninitialized: (id) => {
        this.#held.set(id, { transport, server, used: Date.now() });
      },
      onsessionclosed: (id) => this.close(id),
      maxRequestBodySize: this.#settings.maxBody,
    });
    transport.onerror = this.#settings.onerror;
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody });
  }

  close(id: string): void {
    const session = this.#held.get(id);
    if (session === undefined) return;
    this.#held.delete(id);
    session.transport.close().catch(() => {});
    session.server.close().catch(() => {});
  }

  closeAll(): void {
    clearInterval(this.#sweep);
    for (const id of [...this.#held.keys()]) this.close(id);
  }
}

const methodNotAllowed = (): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: 'POST, DELETE' },
  });
