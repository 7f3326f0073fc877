import type { IncomingMessage } from 'node:http';

/**
 * The requests in flight on one HTTP endpoint, so that a 2025-era client's `notifications/cancelled`
 * reaches the call it names (M9). Served statelessly, that notification arrives in a request of its
 * own, which the SDK answers 202 with nothing running to cancel; here it aborts the call's request
 * as a client that closes the connection does.
 *
 * With no session, a request id is known only together with who sent it: the caller is its
 * address and credentials, and a notification that could name the calls of two callers who share
 * both cancels neither.
 */
export class CancellableCalls {
  readonly #calls = new Map<string, Set<AbortController>>();

  /** Tracks the requests of `body` (one message or a batch) until the returned function is called. */
  track(request: IncomingMessage, body: unknown, abort: AbortController): () => void {
    const keys = messages(body).flatMap((message) =>
      message.method !== undefined && isId(message.id) ? [callKey(request, message.id)] : [],
    );
    for (const key of keys) {
      const held = this.#calls.get(key) ?? new Set();
      held.add(abort);
      this.#calls.set(key, held);
    }
    return () => {
      for (const key of keys) {
        const held = this.#calls.get(key);
        held?.delete(abort);
        if (held?.size === 0) this.#calls.delete(key);
      }
    };
  }

  /** Aborts the call each `notifications/cancelled` in `body` names, when exactly one matches. */
  cancel(request: IncomingMessage, body: unknown): void {
    for (const message of messages(body)) {
      if (message.method !== 'notifications/cancelled') continue;
      const params = message.params as { requestId?: unknown; reason?: unknown } | undefined;
      if (!isId(params?.requestId)) continue;
      const held = this.#calls.get(callKey(request, params.requestId));
      if (held?.size !== 1) continue;
      const reason = typeof params.reason === 'string' ? params.reason : 'the client cancelled the call';
      for (const abort of held) abort.abort(new Error(reason));
    }
  }
}

type Message = { id?: unknown; method?: unknown; params?: unknown };

function messages(body: unknown): Message[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((message): message is Message => typeof message === 'object' && message !== null);
}

const isId = (id: unknown): id is string | number => typeof id === 'string' || typeof id === 'number';

/** Who sent a request id: the same id from another address or with other credentials is another call. */
function callKey(request: IncomingMessage, id: string | number): string {
  return JSON.stringify([request.socket.remoteAddress ?? '', request.headers.authorization ?? '', id]);
}
