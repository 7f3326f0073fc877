import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

/** Where `--http` binds: a host as `node:net` takes it (IPv6 without brackets) and a port (0 picks a free one). */
export type HttpAddress = { host: string; port: number };

/** The largest request body accepted unless `--max-body` says otherwise (DESIGN M7). */
export const DEFAULT_MAX_BODY = 1024 * 1024;

/** How long a request body may take to arrive. */
export const BODY_DEADLINE_MS = 30_000;

/** What the `--http` family of flags asks for, read and checked, before anything binds. */
export type HttpServeOptions = {
  address: HttpAddress;
  /** Compared with each request's `Authorization: Bearer …`; never printed. */
  token: string | undefined;
  /** Origins (`scheme://host[:port]`) a browser page may call from, besides the bound address. */
  allowOrigins: readonly string[];
  maxBody: number;
  bodyDeadlineMs: number;
};

/** The flags as typed; `undefined` when absent. */
export type HttpFlags = {
  http: string;
  token?: string | undefined;
  allowOrigin?: readonly string[] | undefined;
  maxBody?: string | undefined;
};

/**
 * Reads `--http`, `--token`, `--allow-origin` and `--max-body`, and refuses a non-loopback bind
 * without a token: anyone who can reach the port could run every tool (DESIGN M7).
 */
export function toHttpServeOptions(
  flags: HttpFlags,
  env: Readonly<Record<string, string | undefined>>,
  envPrefix: string | undefined,
): HttpServeOptions {
  const address = parseHttpAddress(flags.http);
  const token = resolveToken(flags.token, env, envPrefix);
  if (token === undefined && !isLoopback(address.host)) {
    const variable = envPrefix === undefined ? 'BURGEE_MCP_TOKEN' : `${envPrefix}_MCP_TOKEN`;
    throw new UsageError(`--http ${flags.http} is reachable from other machines, and no --token is set`, {
      hint: `set a token in ${variable} (or pass --token; argv shows in ps), or bind 127.0.0.1`,
    });
  }
  return {
    address,
    token,
    allowOrigins: (flags.allowOrigin ?? []).flatMap((value) => value.split(',')).map(parseOrigin),
    maxBody: flags.maxBody === undefined ? DEFAULT_MAX_BODY : parseMaxBody(flags.maxBody),
    bodyDeadlineMs: BODY_DEADLINE_MS,
  };
}

/** `--token`, else `<PREFIX>_MCP_TOKEN`, else `BURGEE_MCP_TOKEN`; an empty value counts as unset. */
export function resolveToken(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  envPrefix: string | undefined,
): string | undefined {
  const candidates = [flag, envPrefix === undefined ? undefined : env[`${envPrefix}_MCP_TOKEN`], env.BURGEE_MCP_TOKEN];
  return candidates.find((value) => value !== undefined && value !== '');
}

/** `PORT`, `HOST:PORT` or `[IPV6]:PORT`; a bare port binds 127.0.0.1. */
export function parseHttpAddress(text: string): HttpAddress {
  const refuse = (why: string) =>
    new UsageError(`--http ${JSON.stringify(text)}: ${why}`, {
      hint: 'give a port (8080), host:port (0.0.0.0:8080) or [ipv6]:port ([::1]:8080); port 0 picks a free one',
    });
  const match = /^(?:\[([^\]]*)\]:|([^:[\]]*):)?([^:]*)$/.exec(text);
  if (match === null) throw refuse('not a port, host:port or [ipv6]:port');
  const [, bracketed, named, portText = ''] = match;
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535)
    throw refuse('the port is not a number from 0 to 65535');
  const port = Number(portText);
  if (bracketed !== undefined) {
    if (isIP(bracketed) !== 6) throw refuse('the part in brackets is not an IPv6 address');
    return { host: bracketed, port };
  }
  if (named === undefined) return { host: '127.0.0.1', port };
  if (named === '') throw refuse('the host before ":" is empty');
  if (isIP(named) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(named)) {
    throw refuse('the host is neither an IP address nor a host name');
  }
  return { host: named, port };
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`. */
export function isLoopback(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower === '::1') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice(7) : lower;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The host as it appears in a URL or a `Host` header: IPv6 in brackets. */
export function urlHost(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
};

/** `--max-body`: bytes, or with a unit (`512k`, `4MiB`, powers of 1024). */
export function parseMaxBody(text: string): number {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = UNITS[(match?.[2] ?? '').toLowerCase()];
  const bytes = match === null || unit === undefined ? Number.NaN : Number(match[1]) * unit;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new UsageError(`--max-body ${JSON.stringify(text)}: expected a positive size in bytes`, {
      hint: 'for example --max-body 4194304 or --max-body 4MiB (the default is 1MiB)',
    });
  }
  return bytes;
}

/** One `--allow-origin` entry, as a browser sends it in `Origin`: `scheme://host[:port]`, nothing after. */
export function parseOrigin(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  const bare =
    url !== undefined && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
  if (url === undefined || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`--allow-origin ${JSON.stringify(text)}: expected an origin such as https://app.example.com`, {
      hint: 'an origin is scheme://host[:port], with no path; repeat the flag or separate origins with commas',
    });
  }
  return url.origin;
}
