import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { ConfigError } from '../errors/errors.js';
import { cannotBind } from '../errors/refusals/index.js';
import { readBody } from './http-body.js';
import { CancellableCalls } from './http-cancel.js';
import { Connections } from './http-connections.js';
import { checkRequest, MCP_PATH, type Refusal, toGate } from './http-guard.js';
import { type HttpServeOptions, urlHost } from './http-options.js';
import { callHasProtoKey, PROTO_KEY_REFUSAL } from './proto-key.js';
import type { McpFetch } from './server.js';

/** JSON-RPC's code for parameters a method cannot take. */
const INVALID_PARAMS = -32602;

/** A listening MCP endpoint; `close` stops taking requests and lets those in flight finish first. */
export type McpHttpServer = {
  /** `http://host:port/mcp`, with the port the system picked for port 0. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, waits up to `graceMs` for calls in flight, then closes every connection. */
  close(graceMs?: number): Promise<void>;
};

/**
 * Binds `node:http` to the address and serves `mcp` at `/mcp`. Each request passes the gate
 * (Host/Origin 403, token 401) and the body limits (413, 408) before the SDK sees it (M7).
 */
export async function listenMcpHttp(mcp: McpFetch, options: HttpServeOptions): Promise<McpHttpServer> {
  const endpoint: Endpoint = {
    mcp,
    options,
    inFlight: new InFlight(),
    calls: new CancellableCalls(),
    gate: toGate(options.address, options.allowOrigins, options.token),
    draining: false,
  };
  const server = createServer({ headersTimeout: options.bodyDeadlineMs }, (request, response) => {
    // Served even while stopping: it came on a connection accepted before the listener closed.
    connections.track(request, response);
    // Held from the first byte, not from the parsed call: a stop must not close a connection
    // whose call is still being read.
    const release = endpoint.inFlight.hold();
    response.once('close', release);
    serveRequest(endpoint, request, response, release).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, { status: 500, message: 'Internal Server Error' });
      else response.destroy(error instanceof Error ? error : undefined);
    });
  });
  const connections = new Connections(server);
  const { address } = options;
  server.listen(address.port, address.host);
  try {
    await Promise.race([once(server, 'listening'), once(server, 'error').then(([error]) => Promise.reject(error))]);
  } catch (error) {
    throw bindError(error, urlHost(address.host, address.port), address.port);
  }
  const port = (server.address() as { port: number }).port;
  endpoint.gate = toGate({ host: address.host, port }, options.allowOrigins, options.token);
  return {
    url: `http://${urlHost(address.host, port)}${MCP_PATH}`,
    port,
    async close(graceMs = 10_000) {
      if (endpoint.draining) return;
      endpoint.draining = true;
      const deadline = Date.now() + graceMs;
      // The listener closes first, so new connections are refused (a proxy passes them on to
      // another instance). net's close, not http's: http's also drops every connection it deems
      // idle, which includes one accepted an instant ago whose request is not read yet.
      const stopped = new Promise((resolve) => NetServer.prototype.close.call(server, resolve));
      await connections.drain();
      await endpoint.inFlight.settled(Math.max(0, deadline - Date.now()));
      await mcp.close();
      server.closeAllConnections();
      await stopped;
    },
  };
}

/** What every request of one listening endpoint shares; `gate` learns the port once bound. */
type Endpoint = {
  readonly mcp: McpFetch;
  readonly options: HttpServeOptions;
  readonly inFlight: InFlight;
  readonly calls: CancellableCalls;
  gate: ReturnType<typeof toGate>;
  draining: boolean;
};

/** Checks one request (gate, path, body) and hands it to the SDK. */
async function serveRequest(
  endpoint: Endpoint,
  request: IncomingMessage,
  response: ServerResponse,
  release: () => void,
): Promise<void> {
  const { host, origin, authorization } = request.headers;
  const refusal = checkRequest(endpoint.gate, { host, origin, authorization }, request.url);
  if (refusal !== undefined) return refuse(response, refusal);
  let text: string | undefined;
  if (request.method === 'POST') {
    const read = await readBody(request, endpoint.options.maxBody, endpoint.options.bodyDeadlineMs);
    if (!read.ok && read.refusal.status === 413) return refuseOversized(request, response, read.refusal);
    // A late or cut-off body: the connection closes after the answer.
    if (!read.ok) return refuse(response, read.refusal, true);
    text = read.text;
  }
  const parsed = parseJson(text);
  // Refused as over stdio, before the SDK's copy of the arguments drops the key without a word.
  if (callHasProtoKey(parsed)) return refuseProtoKey(response, parsed);
  // A subscription stream stays open until the client leaves; only calls hold up a graceful stop.
  if (request.method !== 'POST' || (parsed as { method?: unknown } | undefined)?.method === 'subscriptions/listen')
    release();
  endpoint.calls.cancel(request, parsed);
  await exchange(endpoint, request, response, host!, text, parsed);
}

/** Hands one checked request to the SDK as a web `Request` and streams its `Response` back. */
async function exchange(
  { mcp, calls }: Endpoint,
  request: IncomingMessage,
  response: ServerResponse,
  host: string,
  text: string | undefined,
  parsed: unknown,
): Promise<void> {
  const abort = new AbortController();
  // A client that leaves mid-call cancels it, as notifications/cancelled would.
  response.once('close', () => {
    if (!response.writableFinished) abort.abort(new Error('the client closed the connection'));
  });
  // ... or as a 2025-era client's notifications/cancelled, sent in a request of its own, does.
  response.once('close', calls.track(request, parsed, abort));
  const headers = new Headers();
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    headers.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
  const init: RequestInit = { method: request.method ?? 'GET', headers, signal: abort.signal };
  // Read once here already: the SDK takes the parsed value rather than parsing the text again.
  if (parsed === undefined && text !== undefined) init.body = text;
  const answer = await mcp.fetch(new Request(`http://${host}${request.url}`, init), parsed);
  const answerHeaders = Object.fromEntries(answer.headers);
  // A hop-by-hop header is node:http's to set (keep-alive, or close once stopping), not the SDK's.
  delete answerHeaders.connection;
  response.writeHead(answer.status, answerHeaders);
  if (answer.body === null) {
    response.end();
    return;
  }
  try {
    for await (const chunk of answer.body) {
      if (response.destroyed) break;
      if (!response.write(chunk)) await once(response, 'drain');
    }
  } finally {
    response.end();
  }
}

/** Answers with a JSON-RPC error body, as the SDK's own refusals do; `close` ends a connection whose body was left unread. */
function refuse(response: ServerResponse, refusal: Refusal | { status: number; message: string }, close = false): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: refusal.message } });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (refusal.status === 401) headers['www-authenticate'] = 'Bearer';
  if (close) headers.connection = 'close';
  response.writeHead(refusal.status, headers).end(body);
}

/** How long the rest of an oversized body may keep arriving, discarded, after the 413. */
const LINGER_MS = 2_000;

/**
 * Answers 413 while the client may still be sending. Closing at once would reset the connection
 * under a client still writing, which then sees EPIPE or ECONNRESET instead of the answer; so the
 * rest is discarded unstored (node:http drains an unread body once the answer ends), and a client
 * still sending after `LINGER_MS` is cut off.
 */
function refuseOversized(request: IncomingMessage, response: ServerResponse, refusal: Refusal): void {
  refuse(response, refusal);
  if (request.complete) return;
  const timer = setTimeout(() => request.socket.destroy(), LINGER_MS);
  timer.unref();
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
}

/** The JSON-RPC error the stdio transport gives a `"__proto__"` key, as the answer to the call (M3). */
function refuseProtoKey(response: ServerResponse, call: unknown): void {
  const id = (call as { id?: unknown }).id;
  const error = { code: INVALID_PARAMS, message: PROTO_KEY_REFUSAL };
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error,
  });
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // The SDK answers a malformed body itself, with the JSON-RPC parse error.
    return undefined;
  }
}

function bindError(error: unknown, where: string, port: number): ConfigError {
  const refusal = cannotBind(where, port, (error as { code?: unknown }).code, String((error as Error).message));
  return new ConfigError(refusal.message, refusal);
}

/** Counts exchanges in progress so a stop can wait for them. */
class InFlight {
  private count = 0;
  private idle: (() => void) | undefined;

  /** Counts one exchange; the function returned ends it, once however often it is called. */
  hold(): () => void {
    this.count++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--this.count === 0) this.idle?.();
    };
  }

  /** Settles when nothing is in flight, or after `ms`, whichever comes first. */
  settled(ms: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
