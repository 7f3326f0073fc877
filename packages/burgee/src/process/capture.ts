import { AsyncLocalStorage } from 'node:async_hooks';
import type { Program } from '../declaration/types.js';
import { whenBuilt } from './std-streams.js';

/** Where one run's handler output goes instead of the process streams. */
export type OutputSinks = { stdout: (text: string) => void; stderr: (text: string) => void };

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

/**
 * What one run sets for everything it calls and schedules. One store for every per-run setting:
 * on Node 20 each AsyncLocalStorage adds work to every promise the process makes, MCP calls included.
 */
type Scope = {
  sinks: OutputSinks | undefined;
  exitGuarded: boolean;
  fault: FaultSink | undefined;
  /** Which run of a foreign host this is, for hooks the host calls on objects several runs share. */
  run: object | undefined;
};

/**
 * Takes an error that escaped asynchronously (a throw in a timer, a rejection nobody handled) from
 * code that ran in its scope; returns false when it no longer answers for it (its run has ended).
 */
export type FaultSink = (error: unknown) => boolean;

const storage = new AsyncLocalStorage<Scope>();
const originals = new WeakMap<NodeJS.WriteStream, Write>();
/** Where writes made outside every captured run go; undefined: to the stream itself. */
let uncaptured: OutputSinks | undefined;

/** The stream's own `write`, untouched by the capture hook; returns false when the caller should wait for 'drain'. */
export function originalWrite(stream: NodeJS.WriteStream): (text: string | Uint8Array) => boolean {
  const write = originals.get(stream) ?? (stream.write as Write);
  return (text) => write.call(stream, text);
}

/**
 * Sends every write made outside a captured run to stderr, until the returned function is called.
 * An MCP server's stdout carries protocol frames only (M5); those bypass the hook.
 */
export function divertUncapturedStdout(): () => void {
  hookStreams();
  const toStderr = originalWrite(process.stderr);
  const sinks: OutputSinks = { stdout: toStderr, stderr: toStderr };
  uncaptured = sinks;
  return () => {
    if (uncaptured === sinks) uncaptured = undefined;
  };
}

/**
 * Runs `fn` with handler output (process.stdout/stderr writes, console.*) routed to `sinks`.
 * Routing is per async context, so concurrent runs (MCP calls) never see each other's output
 * and nothing is swapped globally for the duration of a call (M5).
 */
export function withCapturedOutput<T>(sinks: OutputSinks, fn: () => T): T {
  return withScope({ sinks }, fn);
}

/** Runs `fn` with some of the run's settings changed; the others stay as the caller had them. */
export function withScope<T>(change: Partial<Scope>, fn: () => T): T {
  if (change.sinks !== undefined) hookStreams();
  const outer = storage.getStore();
  const scope: Scope = {
    sinks: change.sinks ?? outer?.sinks,
    exitGuarded: change.exitGuarded ?? outer?.exitGuarded ?? false,
    fault: change.fault === undefined ? outer?.fault : within(change.fault, outer?.fault),
    run: change.run ?? outer?.run,
  };
  return storage.run(scope, fn);
}

/** A sink inside another: what the inner one no longer answers for goes to the outer one. */
const within =
  (inner: FaultSink, outer: FaultSink | undefined): FaultSink =>
  (error) =>
    inner(error) || outer?.(error) === true;

/** True inside a run that must not end the process (an MCP call, a module loaded by `burgee dev`). */
export const isExitGuarded = (): boolean => storage.getStore()?.exitGuarded === true;

/**
 * Who answers for a stray error raised now. Node runs 'uncaughtException' and 'unhandledRejection'
 * listeners in the async context of the timer or promise that failed, so this names the run that
 * scheduled it (Node 20 loses the context of a queueMicrotask throw only).
 */
export const currentFaultSink = (): FaultSink | undefined => storage.getStore()?.fault;

/** The run `withScope({ run })` named for the code running now, if any. */
export const currentRun = (): object | undefined => storage.getStore()?.run;

let hooked = false;

/** Routes each stream's writes through the capture hook from the moment it is built (std-streams). */
function hookStreams(): void {
  if (hooked) return;
  hooked = true;
  whenBuilt('stdout', (stream) => install(stream, 'stdout'));
  whenBuilt('stderr', (stream) => install(stream, 'stderr'));
}

function install(stream: NodeJS.WriteStream, which: keyof OutputSinks): void {
  if (originals.has(stream)) return;
  const original = stream.write as Write;
  originals.set(stream, original);
  stream.write = function routed(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    const sinks = storage.getStore()?.sinks ?? uncaptured;
    if (sinks === undefined) return original.call(this, chunk, ...rest);
    sinks[which](typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    const callback = rest.find((r): r is () => void => typeof r === 'function');
    callback?.();
    return true;
  } as NodeJS.WriteStream['write'];
}

// The run host lives here, beside the other process-wide hooks of a run, so that `burgee dev` and
// `run()` share this module instead of a chunk of its own that every program would load (N1).

/**
 * Who runs a program in this process. `run()` runs it itself unless a host is installed: `burgee dev`
 * installs one that takes the program to serve it, so an entry that calls `run()` as it loads does
 * not read the binary's own argv and end the process (M8).
 */
export interface RunHost {
  /** An adapter program arrives as a promise: its manifest is read by a module loaded on demand. */
  take(program: Program | Promise<Program>): void;
}

// On globalThis under a registered symbol: an entry whose `burgee` is another copy than the
// binary's still finds the host the binary installed.
const HOST = Symbol.for('burgee.run-host');
type WithHost = { [HOST]?: RunHost };

/** Installs the host every `run()` in this process hands its program to; returns the undo. */
export function installRunHost(host: RunHost): () => void {
  const scope = globalThis as WithHost;
  const previous = scope[HOST];
  scope[HOST] = host;
  return () => {
    if (previous === undefined) delete scope[HOST];
    else scope[HOST] = previous;
  };
}

/** The installed host, if any. */
export const runHost = (): RunHost | undefined => (globalThis as WithHost)[HOST];
