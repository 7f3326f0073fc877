/**
 * Whether a call's client can be asked (Q1, Q5), and how: a question during the call (2025 era) or
 * an answer carrying the questions (2026-07-28). Read from what the client declared.
 */
import type { ServerContext } from '@modelcontextprotocol/server';
import type { Manifest } from '../manifest/types.js';
import type { Asking, FormAnswer } from './ask-client.js';
import { stateKey } from './request-state.js';
import { CLIENT_CAPABILITIES_META_KEY, type Server } from './sdk.js';
import type { ServerSettings } from './server.js';

/** True when the call's protocol is the stateless 2026-07-28 revision or later. */
export const isModern = (server: Server): boolean => (server.getNegotiatedProtocolVersion() ?? '') >= '2026-07-28';

/**
 * Whether this call's client can be asked (Q1, Q5): it declared form elicitation (or the bare
 * `elicitation: {}` of earlier revisions), in its `initialize` (2025 era) or on the request
 * (2026-07-28), and the program did not turn questions off. Over HTTP in the 2025 era only a
 * session's server saw the `initialize` (http-sessions.ts); a stateless one sees none, so never asks.
 */
export function canAsk(server: Server, ctx: ServerContext, manifest: Manifest): boolean {
  if (manifest.mcp?.ask === false) return false;
  const declared = isModern(server)
    ? (ctx.mcpReq.envelope as Record<string, object | undefined> | undefined)?.[CLIENT_CAPABILITIES_META_KEY]
    : server.getClientCapabilities();
  return elicitsForms(declared);
}

/** Whether client capabilities declare form elicitation, or the bare `elicitation: {}` of earlier revisions. */
export function elicitsForms(capabilities: object | undefined): boolean {
  const elicitation = (capabilities as { elicitation?: { form?: unknown; url?: unknown } } | undefined)?.elicitation;
  if (elicitation === undefined || elicitation === null) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** How a call asks: during the call (2025 era) or by answering with the questions (2026-07-28). */
export function askingOf(server: Server, ctx: ServerContext, settings: ServerSettings): Asking {
  const key = settings.stateKey ?? stateKey(settings.env);
  if (isModern(server)) {
    const state = ctx.mcpReq.requestState();
    return {
      key,
      inputResponses: ctx.mcpReq.inputResponses,
      requestState: typeof state === 'string' ? state : undefined,
    };
  }
  return { key, elicit: elicitOf(ctx) };
}

/**
 * Asks this request's client a form with `elicitation/create` (2025 era), on the request's own stream;
 * `meta` goes in the question's `_meta` (a task's question names its task, B2).
 */
export function elicitOf(
  ctx: ServerContext,
  meta?: Record<string, unknown>,
): (form: object, timeoutMs: number) => Promise<FormAnswer> {
  return async (form, timeout) => {
    try {
      const params = (meta === undefined ? form : { ...form, _meta: meta }) as Record<string, unknown>;
      const request = { method: 'elicitation/create' as const, params };
      return (await ctx.mcpReq.send(request, { timeout, signal: ctx.mcpReq.signal })) as FormAnswer;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'REQUEST_TIMEOUT') return 'timeout';
      // A client whose elicitation failed declined to answer.
      return { action: 'cancel' };
    }
  };
}
