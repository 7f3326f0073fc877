import { ConfigError } from '../errors/errors.js';

// node:crypto is costly for an MCP server's start (bench/RESULTS.md): loaded only when a question is asked.
type Crypto = typeof import('node:crypto');
let loading: Promise<Crypto> | undefined;
const loadCrypto = (): Promise<Crypto> => (loading ??= import('node:crypto'));

/** The variable that gives every instance behind one load balancer the same key (Q1). */
export const STATE_KEY_VARIABLE = 'BURGEE_MCP_STATE_KEY';

/** How long a question's `requestState` may come back, in seconds: a person answers in minutes. */
export const STATE_TTL_SECONDS = 600;

/** What a `requestState` carries, signed: the call it was issued for and what it asked (Q1, Q4). */
export type StatePayload = {
  /** The program and tool called: a state comes back only with the call it was issued for. */
  program: string;
  tool: string;
  /**
   * The call's arguments. Never written into the state: it holds a keyed digest of them instead, so
   * no argument (a secret among them, D3) travels through the client, its logs or the model.
   */
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
  // Spaces are no secret: a key of 32 of them signs what anyone could sign.
  const counted = shared.replace(/\s/g, '').length;
  if (counted < 32) {
    const said = counted === shared.length ? `${shared.length} characters` : `${counted} characters besides spaces`;
    throw new ConfigError(`${STATE_KEY_VARIABLE} is ${said}; a shared key needs at least 32`, {
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

/** What the state's body holds: the payload with its arguments as a digest, a one-time id and an expiry. */
type SignedBody = Omit<StatePayload, 'args'> & { args: string; id: string; exp: number };

/**
 * Signs a payload: `base64url(JSON).base64url(HMAC-SHA256)`, with an expiry and a one-time id
 * inside what is signed, and the arguments only as their keyed digest.
 */
export async function mintState(key: Buffer | undefined, payload: StatePayload, now = Date.now()): Promise<string> {
  const { randomBytes } = await loadCrypto();
  const signed: SignedBody = {
    ...payload,
    args: await sign(key, `args:${canonical(payload.args)}`),
    id: randomBytes(16).toString('base64url'),
    exp: Math.floor(now / 1000) + STATE_TTL_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(signed)).toString('base64url');
  return `${body}.${await sign(key, `state:${body}`)}`;
}

/**
 * The ids of the states this process has taken back, each until it expires: a state is good for one
 * retry (Q1). Instances behind one load balancer do not share this list; a replay sent to another
 * instance is refused only there once it has been used there (docs/mcp-questions.md).
 */
const used = new Map<string, number>();

/** Takes the one use of a state's id: false when it was taken already. Forgets the expired ones first. */
function takeOnce(id: string, exp: number, nowSeconds: number): boolean {
  for (const [seen, until] of used) if (until < nowSeconds) used.delete(seen);
  if (used.has(id)) return false;
  used.set(id, exp);
  return true;
}

/** Why a state that came back is refused; each a message the client's user can act on. */
export type StateRefusal = { refused: string };

/**
 * Reads a state that came back with a retried call: refused when it was altered or signed with
 * another key, when it expired, when the call is not the one it was issued for (another program,
 * tool or arguments), or when it was used already (a replay). Returns the payload with the call's
 * own arguments.
 */
export async function readState(
  key: Buffer | undefined,
  state: string,
  call: { program: string; tool: string; args: Record<string, unknown> },
  now = Date.now(),
): Promise<StatePayload | StateRefusal> {
  const dot = state.indexOf('.');
  const body = state.slice(0, dot);
  const mac = Buffer.from(state.slice(dot + 1), 'base64url');
  const expected = Buffer.from(await sign(key, `state:${body}`), 'base64url');
  const { timingSafeEqual } = await loadCrypto();
  if (dot <= 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
    return { refused: 'requestState was altered or issued by another server; call the tool again without it' };
  }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedBody;
  const nowSeconds = Math.floor(now / 1000);
  if (payload.exp < nowSeconds) {
    return { refused: `requestState expired (after ${STATE_TTL_SECONDS} s); call the tool again without it` };
  }
  const args = await sign(key, `args:${canonical(call.args)}`);
  if (payload.program !== call.program || payload.tool !== call.tool || payload.args !== args) {
    return {
      refused: 'requestState was issued for another call (other program, tool or arguments); it answers only that call',
    };
  }
  if (!takeOnce(payload.id, payload.exp, nowSeconds)) {
    return { refused: 'requestState was used already: each answers one retry; call the tool again without it' };
  }
  return { program: payload.program, tool: payload.tool, args: call.args, asked: payload.asked };
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
