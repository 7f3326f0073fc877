import { isIP } from 'node:net';
import { ConfigError, refuse } from '../errors/errors.js';
import { badAddress, badOrigin, badSize, needsToken, unsendableToken } from '../errors/refusals/index.js';

/** Where `--http` binds: a host as `node:net` takes it (IPv6 without brackets) and a port (0 picks a free one). */
export type HttpAddress = { host: string; port: number };

/** The largest request body accepted unless `--max-body` says otherwise (M7). */
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

/** The flags as typed; `undefined` when absent. `allowOrigin` holds every origin given, comma-separated. */
export type HttpFlags = {
  http: string;
  token?: string | undefined;
  allowOrigin?: string | undefined;
  maxBody?: string | undefined;
};

/** The program the flags were given to: its name for a `fix` line, its prefix for the token's variable. */
export type HttpProgram = { name: string; envPrefix?: string | undefined };

/**
 * Reads `--http`, `--token`, `--allow-origin` and `--max-body`, and refuses a non-loopback bind
 * without a token: anyone who can reach the port could run every tool (M7).
 */
export function toHttpServeOptions(
  flags: HttpFlags,
  env: Readonly<Record<string, string | undefined>>,
  program: HttpProgram,
): HttpServeOptions {
  const address = parseHttpAddress(flags.http);
  const found = tokenSource(flags.token, env, program.envPrefix);
  checkToken(found);
  const token = found?.value;
  if (token === undefined && !isLoopback(address.host)) {
    const variable = program.envPrefix === undefined ? 'BURGEE_MCP_TOKEN' : `${program.envPrefix}_MCP_TOKEN`;
    throw refuse(needsToken(program.name, flags.http, variable));
  }
  return {
    address,
    token,
    allowOrigins: flags.allowOrigin === undefined ? [] : flags.allowOrigin.split(',').map(parseOrigin),
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
  return tokenSource(flag, env, envPrefix)?.value;
}

/** The token and where it came from: `--token` or the variable's name. */
function tokenSource(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  envPrefix: string | undefined,
): { value: string; source: string } | undefined {
  const prefixed = envPrefix === undefined ? undefined : `${envPrefix}_MCP_TOKEN`;
  const candidates: [string | undefined, string][] = [
    [flag, '--token'],
    [prefixed === undefined ? undefined : env[prefixed], prefixed ?? ''],
    [env.BURGEE_MCP_TOKEN, 'BURGEE_MCP_TOKEN'],
  ];
  const found = candidates.find(([value]) => value !== undefined && value !== '');
  return found === undefined ? undefined : { value: found[0]!, source: found[1] };
}

/**
 * Refuses at start a token that no client could send, which would lock every caller out (M7):
 * anything but printable ASCII without spaces. From `--token` a usage error (exit 2); from a
 * variable a configuration error naming it (exit 3, P2).
 */
function checkToken(found: { value: string; source: string } | undefined): void {
  if (found === undefined || /^[\x21-\x7e]+$/.test(found.value)) return;
  const refusal = unsendableToken(found.source);
  throw found.source === '--token' ? refuse(refusal) : new ConfigError(refusal.message, refusal);
}

/** `PORT`, `HOST:PORT` or `[IPV6]:PORT`; a bare port binds 127.0.0.1. */
export function parseHttpAddress(text: string): HttpAddress {
  const refused = (why: string) => refuse(badAddress(text, why));
  const match = /^(?:\[([^\]]*)\]:|([^:[\]]*):)?([^:]*)$/.exec(text);
  if (match === null) throw refused('not a port, host:port or [ipv6]:port');
  const [, bracketed, named, portText = ''] = match;
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535)
    throw refused('the port is not a number from 0 to 65535');
  const port = Number(portText);
  if (bracketed !== undefined) {
    if (isIP(bracketed) !== 6) throw refused('the part in brackets is not an IPv6 address');
    return { host: bracketed, port };
  }
  if (named === undefined) return { host: '127.0.0.1', port };
  if (named === '') throw refused('the host before ":" is empty');
  if (isIP(named) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(named)) {
    throw refused('the host is neither an IP address nor a host name');
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
    throw refuse(badSize(text));
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
    throw refuse(badOrigin(text));
  }
  return url.origin;
}
