import { createHash, timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { isLoopback, urlHost } from './http-options.js';

/** What a request is checked against before its body is read. */
export type Gate = {
  /** `Host` header values this server answers to (lowercase, with the port). */
  readonly hosts: ReadonlySet<string>;
  /** `Origin` header values a browser page may call from. */
  readonly origins: ReadonlySet<string>;
  /** SHA-256 of the token: digests of equal length let the comparison take the same time for any guess. */
  readonly tokenDigest: Buffer | undefined;
};

/** A request turned away before it reaches the MCP handler. */
/** Where MCP is served; every other path is 404. */
export const MCP_PATH = '/mcp';

export type Refusal = { status: 400 | 401 | 403 | 404 | 405 | 408 | 413 | 415; message: string };

/** The headers the gate reads, as `node:http` gives them. */
export type GateHeaders = {
  host?: string | undefined;
  origin?: string | undefined;
  authorization?: string | undefined;
};

/**
 * The names a bound address answers to. A loopback bind answers to `localhost`, `127.0.0.1` and
 * `[::1]`; a wildcard bind to every address of this machine; each allowed origin adds its host,
 * for a server reached by a name (behind a proxy or a load balancer).
 */
export function toGate(bound: { host: string; port: number }, allowOrigins: readonly string[], token?: string): Gate {
  const names = new Set([bound.host]);
  if (isLoopback(bound.host)) for (const name of ['localhost', '127.0.0.1', '::1']) names.add(name);
  if (bound.host === '0.0.0.0' || bound.host === '::') {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) names.add(entry.address.replace(/%.*$/, ''));
    }
    names.add('localhost');
  }
  const hosts = new Set([...names].map((name) => urlHost(name, bound.port).toLowerCase()));
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  for (const origin of allowOrigins) {
    origins.add(origin);
    hosts.add(new URL(origin).host.toLowerCase());
  }
  return { hosts, origins, tokenDigest: token === undefined ? undefined : digest(token) };
}

/**
 * Checks a request in the order that leaks least (M7): a foreign `Host` or `Origin` first
 * (DNS rebinding: a web page must not reach a local server through a name it controls), then the
 * path, then the token. A request without `Origin` is allowed: agents and other non-browser
 * clients send none. A path other than `/mcp` is 404 with or without the token: a 401 at
 * `/.well-known/oauth-protected-resource` would tell an OAuth-aware client to start a sign-in
 * this server does not offer, where a 404 tells it there is none.
 */
export function checkRequest(gate: Gate, headers: GateHeaders, path: string | undefined): Refusal | undefined {
  const host = headers.host?.toLowerCase();
  if (host === undefined || !gate.hosts.has(host)) {
    return { status: 403, message: 'Forbidden: the Host header does not name this server' };
  }
  if (headers.origin !== undefined && !gate.origins.has(headers.origin.toLowerCase())) {
    return { status: 403, message: 'Forbidden: requests from this Origin are not allowed (see --allow-origin)' };
  }
  if (path?.split('?')[0] !== MCP_PATH) return { status: 404, message: `Not Found: MCP is served at ${MCP_PATH}` };
  if (gate.tokenDigest !== undefined && !bearerMatches(gate.tokenDigest, headers.authorization)) {
    return {
      status: 401,
      message:
        headers.authorization === undefined
          ? 'Unauthorized: this server needs its token: send "Authorization: Bearer <token>", with the token it was started with (--token, or the *_MCP_TOKEN variable it read); `<program> mcp config <client> --http <url> --token-env <NAME>` writes a client entry that sends it'
          : 'Unauthorized: the token sent in "Authorization: Bearer <token>" is not the one this server was started with',
    };
  }
  return undefined;
}

function bearerMatches(expected: Buffer, authorization: string | undefined): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  // Hashing both sides makes the compared buffers equal in length whatever was sent.
  return timingSafeEqual(expected, digest(match?.[1] ?? '')) && match !== null;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
