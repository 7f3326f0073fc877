import type { IncomingMessage } from 'node:http';
import type { Refusal } from './http-guard.js';

/** A request body read whole, or the reason it was not. */
export type BodyRead = { ok: true; text: string } | { ok: false; refusal: Refusal };

/**
 * Reads a request body of at most `limit` bytes within `deadlineMs`. It stops at the first byte
 * past the limit, whether the client declared a length or sent chunks (a declared length over
 * the limit is refused before reading anything), so a large body never sits in memory whole.
 */
export function readBody(request: IncomingMessage, limit: number, deadlineMs: number): Promise<BodyRead> {
  const tooLarge: BodyRead = {
    ok: false,
    refusal: { status: 413, message: `Payload Too Large: the request body is over ${limit} bytes (see --max-body)` },
  };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (read: BodyRead) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onCut);
      request.off('aborted', onCut);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge);
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') });
    // Nobody is left to answer; the caller finds the connection gone.
    const onCut = () => finish({ ok: false, refusal: { status: 400, message: 'Bad Request: the body was cut off' } });
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          refusal: { status: 408, message: `Request Timeout: the request body did not arrive within ${deadlineMs} ms` },
        }),
      deadlineMs,
    );
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onCut);
    request.on('aborted', onCut);
  });
}
