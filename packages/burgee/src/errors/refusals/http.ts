/** Refusals of `--mcp --http` and its flags (M7): bad addresses and sizes, a bind that needs a token, a taken port. */
import type { Refusal } from './refusal.js';

const ADDRESS_HINT =
  'give a port (8080), host:port (0.0.0.0:8080) or [ipv6]:port ([::1]:8080); port 0 picks a free one';

/** `--http` that is not `port`, `host:port` or `[ipv6]:port`. */
export const badAddress = (text: string, why: string): Refusal => ({
  message: `--http ${JSON.stringify(text)}: ${why}`,
  hint: ADDRESS_HINT,
});

/**
 * A bind other machines can reach, with no token: anyone who can reach the port could run every
 * tool. Names `--token`, and recommends the variable, since argv shows in `ps`.
 */
export const needsToken = (program: string, address: string, variable: string): Refusal => ({
  message: `--http ${address} is reachable from other machines, and no --token is set`,
  hint: `set a token in ${variable} (or pass --token; argv shows in ps), or bind 127.0.0.1`,
  fix: `${program} --mcp --http 127.0.0.1:${address.replace(/^.*:/, '')}`,
});

/**
 * A token no client could send: a header value cannot carry whitespace inside a bearer token, a
 * control character or anything outside ASCII unchanged. `source` is `--token` or the variable;
 * the token itself is never shown.
 */
export const unsendableToken = (source: string): Refusal => ({
  message: `${source} holds whitespace, a control character or a character outside ASCII, which no client can send as a bearer token`,
  hint: 'use letters, digits and punctuation only, for example the output of `openssl rand -hex 32`',
});

/** `--max-body` that is not a positive size. */
export const badSize = (text: string): Refusal => ({
  message: `--max-body ${JSON.stringify(text)}: expected a positive size in bytes`,
  hint: 'for example --max-body 4194304 or --max-body 4MiB (the default is 1MiB)',
});

/** `--allow-origin` that is not `scheme://host[:port]`. */
export const badOrigin = (text: string): Refusal => ({
  message: `--allow-origin ${JSON.stringify(text)}: expected an origin such as https://app.example.com`,
  hint: 'an origin is scheme://host[:port], with no path; repeat the flag or separate origins with commas',
});

/** The address could not be bound: the port is taken, privileged, or the host is not this machine's. */
export function cannotBind(where: string, port: number, code: unknown, detail: string): Refusal {
  if (code === 'EADDRINUSE') {
    return {
      message: `cannot serve on ${where}: port ${port} is already in use`,
      hint: 'stop what listens there, or pick another port (--http 127.0.0.1:0 picks a free one)',
    };
  }
  if (code === 'EACCES') {
    return {
      message: `cannot serve on ${where}: permission denied`,
      hint: 'ports below 1024 need privileges; pick a higher one',
    };
  }
  return {
    message: `cannot serve on ${where}: ${detail}`,
    hint: 'bind an address of this machine, e.g. --http 127.0.0.1:8080',
  };
}
