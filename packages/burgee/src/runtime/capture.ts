import { AsyncLocalStorage } from 'node:async_hooks';

/** Where one run's handler output goes instead of the process streams. */
export type OutputSinks = { stdout: (text: string) => void; stderr: (text: string) => void };

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

const storage = new AsyncLocalStorage<OutputSinks>();
const originals = new WeakMap<NodeJS.WriteStream, Write>();

/** The stream's own `write`, untouched by the capture hook. */
export function originalWrite(stream: NodeJS.WriteStream): (text: string) => void {
  const write = originals.get(stream) ?? (stream.write as Write);
  return (text) => {
    write.call(stream, text);
  };
}

/**
 * Runs `fn` with handler output (process.stdout/stderr writes, console.*) routed to `sinks`.
 * Routing is per async context, so concurrent runs (MCP calls) never see each other's output
 * and nothing is swapped globally for the duration of a call (DESIGN M5).
 */
export function withCapturedOutput<T>(sinks: OutputSinks, fn: () => T): T {
  install(process.stdout, 'stdout');
  install(process.stderr, 'stderr');
  return storage.run(sinks, fn);
}

function install(stream: NodeJS.WriteStream, which: keyof OutputSinks): void {
  if (originals.has(stream)) return;
  const original = stream.write as Write;
  originals.set(stream, original);
  stream.write = function routed(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const sinks = storage.getStore();
    if (sinks === undefined) return original.call(this, chunk, ...rest);
    sinks[which](typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    const callback = rest.find((r): r is () => void => typeof r === 'function');
    callback?.();
    return true;
  } as NodeJS.WriteStream['write'];
}
