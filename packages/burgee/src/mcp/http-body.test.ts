import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from './http-body.js';

/** A request stream as node:http hands it over: readable bytes plus headers. */
function incoming(headers: Record<string, string> = {}): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

describe('M7 · reading a request body', () => {
  it('M7 · a body within the limit is read whole', async () => {
    const request = incoming();
    const read = readBody(request, 10, 1000);
    request.write('{"a":');
    request.end('1}');
    expect(await read).toEqual({ ok: true, text: '{"a":1}' });
  });

  it('M7 · a declared length over the limit is 413 before a byte is read', async () => {
    const request = incoming({ 'content-length': '11' });
    const read = await readBody(request, 10, 1000);
    expect(read).toMatchObject({ ok: false, refusal: { status: 413 } });
    expect(request.listenerCount('data')).toBe(0);
  });

  it('M7 · chunks: 413 at the first byte past the limit, with the stream still open', async () => {
    const request = incoming();
    const read = readBody(request, 10, 1000);
    request.write('0123456789');
    request.write('x');
    expect(await read).toMatchObject({ ok: false, refusal: { status: 413 } });
    expect(request.writableEnded).toBe(false);
  });

  it('M7 · a body that does not arrive within the deadline is 408', async () => {
    const request = incoming();
    const read = readBody(request, 10, 50);
    request.write('{');
    expect(await read).toMatchObject({ ok: false, refusal: { status: 408, message: expect.stringMatching(/50 ms/) } });
  });
});
