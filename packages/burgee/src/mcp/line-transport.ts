import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { originalWrite } from '../process/capture.js';
import { callHasProtoKey, PROTO_KEY_REFUSAL } from './proto-key.js';
import { INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, parseJSONRPCMessage } from './sdk.js';

// A line longer than this is no frame anyone meant to send (the SDK's stdio limit is the same).
const MAX_LINE = 10 * 1024 * 1024;

/**
 * Newline-delimited JSON-RPC over stdin/stdout. Unlike the SDK's stdio transport, which drops a
 * malformed line in silence, it answers one with a JSON-RPC error and reads on (M6); and its
 * frames bypass the capture hook, the only writes that reach stdout while serving (M5).
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Settles when the connection ends: stdin closed, stdout broken, or `close()`. */
  readonly closed: Promise<void>;
  private buffer = '';
  private ended = false;
  /** Requests read and not yet answered: a client that closes stdin early still gets every answer. */
  private readonly pending = new Set<string | number>();
  private inputEnded = false;
  /** Set after a line was refused as too long, until its end arrives. */
  private skipping = false;
  private settle = () => {};

  constructor(
    private readonly input: NodeJS.ReadStream,
    private readonly output: NodeJS.WriteStream,
  ) {
    this.closed = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  async start(): Promise<void> {
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onError);
    this.output.on('error', this.onBroken);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(`${JSON.stringify(message)}\n`);
    const answered = !('method' in message) && 'id' in message ? message.id : undefined;
    if (answered !== undefined && this.pending.delete(answered) && this.inputEnded) {
      this.closeWhenAnswered();
    }
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.pause();
    this.buffer = '';
    this.onclose?.();
    this.settle();
  }

  private write(frame: string): Promise<void> {
    if (this.ended) return Promise.reject(new Error('the MCP connection is closed'));
    if (originalWrite(this.output)(frame)) return Promise.resolve();
    return new Promise((resolve) => this.output.once('drain', resolve));
  }

  private readonly onData = (chunk: string): void => {
    if (this.skipping) {
      // The rest of a line already refused as too long: one answer per line, not one per chunk.
      const end = chunk.indexOf('\n');
      if (end === -1) return;
      this.skipping = false;
      chunk = chunk.slice(end + 1);
    }
    // Only the new text can hold the end of the line: a long line is not searched again per chunk.
    let end = chunk.indexOf('\n');
    if (end !== -1) end += this.buffer.length;
    this.buffer += chunk;
    while (end !== -1 && !this.ended) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.receive(line);
      end = this.buffer.indexOf('\n');
    }
    if (this.buffer.length > MAX_LINE) {
      this.buffer = '';
      this.skipping = true;
      this.refuse(null, PARSE_ERROR, `Parse error: a line longer than ${MAX_LINE} characters`);
    }
  };

  private receive(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.refuse(requestId(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    if ('method' in message && 'id' in message) {
      if (callHasProtoKey(message)) {
        this.refuse(message.id, INVALID_PARAMS, PROTO_KEY_REFUSAL);
        return;
      }
      this.pending.add(message.id);
    }
    // A cancelled request gets no answer (the protocol says so): stop waiting for one.
    if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if ((typeof id === 'string' || typeof id === 'number') && this.pending.delete(id) && this.inputEnded) {
        queueMicrotask(() => this.closeWhenAnswered());
      }
    }
    this.onmessage?.(message);
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch(this.onError);
  }

  private readonly onEnd = (): void => {
    this.inputEnded = true;
    this.closeWhenAnswered();
  };

  private closeWhenAnswered(): void {
    if (this.pending.size === 0) void this.close();
  }

  private readonly onError = (error: Error): void => {
    this.onerror?.(error);
  };

  // A client that went away leaves nobody to answer: end the connection rather than crash on EPIPE.
  private readonly onBroken = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };
}

function requestId(value: unknown): string | number | null {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
