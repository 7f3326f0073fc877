import type { ServerContext } from '@modelcontextprotocol/server';
import type { Progress } from '../declaration/types.js';

/** How long the total reached goes ahead of the result it precedes. */
const FINAL_PROGRESS_GAP_MS = 20;

/**
 * Turns `ctx.progress(...)` into `notifications/progress` when the request carried a token (M9).
 * A handler that counts work before doing it reports 0 … N−1 of N; when its call succeeds, `finish`
 * sends the total reached, before the result, so the client's bar ends full.
 */
export function progressNotifier(
  ctx: ServerContext,
): { report: (progress: Progress) => void; finish: (result: object) => Promise<void> } | undefined {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let last: Progress | undefined;
  const send = (progress: Progress) => {
    const params = {
      progressToken,
      progress: progress.done,
      ...(progress.total === undefined ? {} : { total: progress.total }),
      ...(progress.message === undefined ? {} : { message: progress.message }),
    };
    // A report that arrives after the result was sent has nowhere to go.
    return ctx.mcpReq.notify({ method: 'notifications/progress', params }).catch(() => {});
  };
  return {
    report: (progress) => {
      last = progress;
      void send(progress);
    },
    finish: async (result) => {
      const succeeded = (result as { isError?: unknown }).isError === false;
      if (!succeeded || last?.total === undefined || last.done >= last.total) return;
      await send({ done: last.total, total: last.total });
      // The official client handles a notification a tick after reading it but a response at once:
      // one read in the same chunk as the response would be dropped. Let it arrive alone.
      await new Promise((resolve) => setTimeout(resolve, FINAL_PROGRESS_GAP_MS));
    },
  };
}
