/**
 * JSON.parse keeps a `"__proto__"` key of a tool call's arguments as data, and every later copy of
 * them (the SDK's validation, ours) would drop it without a word. Both transports refuse such a
 * call where the key is still visible, with the same JSON-RPC error (M3).
 */
export const PROTO_KEY_REFUSAL = 'Invalid params: tool arguments may not hold the key "__proto__"';

/** True when `message` is a `tools/call` whose arguments hold an own `"__proto__"` key. */
export function callHasProtoKey(message: unknown): boolean {
  if ((message as { method?: unknown } | null)?.method !== 'tools/call') return false;
  const args = (message as { params?: { arguments?: unknown } }).params?.arguments;
  return typeof args === 'object' && args !== null && Object.hasOwn(args, '__proto__');
}
