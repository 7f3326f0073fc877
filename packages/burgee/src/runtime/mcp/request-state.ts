import { ConfigError } from '../errors.js';

// node:crypto costs an MCP server's start 15–50 ms on Node 20: loaded only when a question is asked.
type Crypto = typeof import('node:crypto');
let loading: Promise<Crypto> | undefined;
const loadCrypto = (): Promise<Crypto> => (loading ??= import('node:crypto'));

/** The variable that gives every instance behind one load balancer the same key (Q1). */
export const STATE_KEY_VARIABLE = 'BURGEE_MCP_STATE_KEY';

/** How long a question's `requestState` may come back, in seconds: a person answers in minutes. */
export const STATE_TTL_SECONDS = 600;

/** What a `requestState` carries, signed: the call it was issued for and what it asked (Q1, Q4). */
export type StatePayload = {
  /** The tool called and its arguments: a state comes back only with the call it was issued for. */
  tool: string;
  args: Record<string, unknown>;
  /**
   * `options`: the keys asked, and the answers already given that are kept (none is a secret, Q2);
   * `confirm`: the command line a yes runs and the envelope a no returns.
   */
  asked:
    | { kind: 'options'; keys: string[]; given?: Record<string, unknown> }
    | { kind: 'confirm'; argv: string[]; envelope: string };
};

let processKey: Buffer | undefined;

/**
 * The shared key that signs question states, from the variable (at least 32 characters, else a
 * CONFIG error at start); undefined when unset, and then each process signs with a key of its own,
 * so a state from another process is refused.
 */
export function stateKey(env: Readonly<Record<string, string | undefined>>): Buffer | undefined {
  const shared = env[STATE_KEY_VARIABLE];
  if (shared === undefined || shared === '') return undefined;
  if (shared.length < 32) {
    throw new ConfigError(`${STATE_KEY_VARIABLE} is ${shared.length} characters; a shared key needs at least 32`, {
      hint: `for example ${STATE_KEY_VARIABLE}=$(openssl rand -hex 32), the same value on every instance`,
    });
  }
  return Buffer.from(shared, 'utf8');
}

/** HMAC-SHA256 of `body` with the shared key, else this process's own (made on first use). */
async function sign(shared: Buffer | undefined, body: string): Promise<string> {
  const crypto = await loadCrypto();
  processKey ??= crypto.randomBytes(32);
  return crypto
    .createHmac('sha256', shared ?? processKey)
    .update(body)
    .digest('base64url');
}

/** Signs a payload: `base64url(JSON).base64url(HMAC-SHA256)`, with an expiry inside what is signed. */
export async function mintState(key: Buffer | undefined, payload: StatePayload, now = Date.now()): Promise<string> {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + STATE_TTL_SECONDS })).toString(
    'base64url',
  );
  return `${body}.${await sign(key, body)}`;
}

/** Why a state that came back is refused; each a message the client's user can act on. */
export type StateRefusal = { refused: string };

/**
 * Reads a state that came back with a retried call: refused when it was altered or signed with
 * another key, when it expired, or when the call is not the one it was issued for (a replay).
 */
export async function readState(
  key: Buffer | undefined,
  state: string,
  call: { tool: string; args: Record<string, unknown> },
  now = Date.now(),
): Promise<StatePayload | StateRefusal> {
  const dot = state.indexOf('.');
  const body = state.slice(0, dot);
  const mac = Buffer.from(state.slice(dot + 1), 'base64url');
  const expected = Buffer.from(await sign(key, body), 'base64url');
  const { timingSafeEqual } = await loadCrypto();
  if (dot <= 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
    return { refused: 'requestState was altered or issued by another server; call the tool again without it' };
  }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload & { exp: number };
  if (payload.exp < Math.floor(now / 1000)) {
    return { refused: `requestState expired (after ${STATE_TTL_SECONDS} s); call the tool again without it` };
  }
  if (payload.tool !== call.tool || canonical(payload.args) !== canonical(call.args)) {
    return { refused: 'requestState was issued for another call (other tool or arguments); it answers only that call' };
  }
  return { tool: payload.tool, args: payload.args, asked: payload.asked };
}

/** JSON with object keys sorted, so the same arguments in another key order are the same call. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
