import { builtinNow } from './builtins.js';

// Building process.stdout or process.stderr, or importing node:tty to ask isatty, loads Node's
// net and stream modules, a large share of a plain run's overhead (N1; bench/RESULTS.md).
// So burgee asks the descriptor itself whether it is a terminal (only a character device can be),
// writes its own output straight to it while no stream is built and it is no terminal, and what
// has to see a stream (the capture of handler output, E10's error listeners, the --json redirections)
// attaches itself when something first builds one. The getters are wrapped when a run starts
// (`watchStreams`, called by run()), never at import: importing burgee changes nothing of the
// process (N1). A stream built before that, by the program's own modules, is used as it always was.

/** One of the two output streams. */
export type StdName = 'stdout' | 'stderr';

/** What a failed write to a descriptor is handed: the same handling the stream's 'error' gets (E10). */
export type DescriptorFault = (name: StdName, error: NodeJS.ErrnoException) => void;

type WriteSync = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;
type Stats = { isCharacterDevice(): boolean; isFile(): boolean; rdev: number };
type NodeFs = { writeSync: WriteSync; fstatSync(fd: number): Stats; statSync(path: string): Stats };
type NodeTty = { isatty(fd: number): boolean };

const FD: Readonly<Record<StdName, 1 | 2>> = { stdout: 1, stderr: 2 };
// Until a run watches them, the streams are used as they always are.
const built: Record<StdName, boolean> = { stdout: true, stderr: true };
const waiting: Record<StdName, ((stream: NodeJS.WriteStream) => void)[]> = { stdout: [], stderr: [] };
const terminal: Record<number, boolean> = {};
let writeSync: WriteSync | undefined;
let onFault: DescriptorFault | undefined;
let watching = false;

/**
 * Called by run() before anything of the run: from here on burgee writes its own output to the
 * descriptors until something builds a stream, and hooks in the moment one is built. Once only.
 */
export function watchStreams(): void {
  if (watching) return;
  watching = true;
  // Before getBuiltinModule (Node 20.16, 22.3) the streams are used as they always were.
  if (builtinNow === undefined || mayBeBuilt()) return;
  // Taken now: `--json` and MCP later redirect fs.writeSync(1) to stderr for the handler's sake.
  writeSync = builtinNow<NodeFs>('node:fs').writeSync;
  for (const name of ['stdout', 'stderr'] as const) {
    const own = Object.getOwnPropertyDescriptor(process, name);
    const build = own?.get;
    if (build === undefined || own?.configurable !== true) continue;
    built[name] = false;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get() {
        Object.defineProperty(process, name, own);
        const stream = build.call(process) as NodeJS.WriteStream;
        built[name] = true;
        for (const hook of waiting[name].splice(0)) hook(stream);
        return stream;
      },
    });
  }
}

/**
 * Whether a stream may exist already (something that loaded before the core printed): the modules
 * a stream over a pipe, a terminal or a file brings are loaded. Then the streams are used as they
 * always were, since a stream that exists, held by `console`, would never be seen being built.
 */
function mayBeBuilt(): boolean {
  return ['net', 'tty', 'internal/fs/sync_write_stream'].some(isLoaded);
}

/** Whether one of Node's own modules is loaded; when Node does not say, it is taken as loaded. */
export function isLoaded(name: string): boolean {
  const list = (process as { moduleLoadList?: unknown }).moduleLoadList;
  return !Array.isArray(list) || list.includes(`NativeModule ${name}`);
}

/** Calls `hook` with the stream as soon as something builds it: now, when it is built already. */
export function whenBuilt(name: StdName, hook: (stream: NodeJS.WriteStream) => void): void {
  if (built[name]) hook(process[name]);
  else waiting[name].push(hook);
}

/**
 * Builds the stream now when Node would build it on `fs.writeSync` (a regular file, /dev/null or
 * another character device that is no terminal): Node's writer for those takes `fs.writeSync` as it
 * is when the stream is built, so it must be built before `--json` redirects that function to stderr
 * for the handler's sake, or the envelope would follow the redirection (E3). A pipe or a terminal is
 * written another way, and is left alone (building one costs every run, N1).
 */
export function buildIfWrittenSync(name: StdName): void {
  const fs = builtinNow?.<NodeFs>('node:fs');
  let stats: Stats | undefined;
  try {
    stats = fs?.fstatSync(FD[name]);
  } catch {
    // A closed descriptor: Node builds a stream that writes nowhere, by no writer of fs.
    return;
  }
  // Before getBuiltinModule (Node 20.12–20.15), which is also when nothing can be asked: build it.
  if (stats === undefined || stats.isFile() || (stats.isCharacterDevice() && !isTerminal(name))) void process[name];
}

/** Whether the stream exists, so that waiting for it to drain means something. */
export const isBuilt = (name: StdName): boolean => built[name];

/** Whether stdout or stderr is a terminal. */
export const isTerminal = (name: StdName): boolean => isTerminalDescriptor(FD[name]);

/**
 * Whether a descriptor is a terminal, asked of the descriptor: a pipe, a file or /dev/null answers
 * without node:tty; another character device asks it.
 */
export function isTerminalDescriptor(fd: 0 | 1 | 2): boolean {
  terminal[fd] ??=
    builtinNow === undefined ? legacyIsTerminal(fd) : characterDevice(fd) && builtinNow<NodeTty>('node:tty').isatty(fd);
  return terminal[fd];
}

/** A character device other than /dev/null, which is where a program's unused stdin often points. */
function characterDevice(fd: number): boolean {
  const fs = builtinNow!<NodeFs>('node:fs');
  try {
    const stats = fs.fstatSync(fd);
    return stats.isCharacterDevice() && stats.rdev !== nullDevice(fs);
  } catch {
    // A closed descriptor is no terminal.
    return false;
  }
}

function nullDevice(fs: NodeFs): number | undefined {
  try {
    return fs.statSync('/dev/null').rdev;
  } catch {
    return undefined;
  }
}

/** Before getBuiltinModule: the streams answer, as they always did. */
const legacyIsTerminal = (fd: 0 | 1 | 2): boolean =>
  (fd === 0 ? process.stdin : fd === 1 ? process.stdout : process.stderr).isTTY === true;

/** Where a failed descriptor write goes; without one, the write is left to the stream, as before. */
export function onDescriptorFault(handler: DescriptorFault): void {
  onFault = handler;
}

/**
 * Writes burgee's own output: to the descriptor while no stream is built and it is no terminal
 * (synchronous, as Node's own stdio is on pipes and files, so the order with the other stream
 * holds), else with `viaStream`. A descriptor that would block (EAGAIN, a non-blocking pipe that is
 * full) or is closed hands the rest to the stream, which waits for it or drops it, as it would have;
 * every later write then goes there too.
 */
export function writeStd(name: StdName, text: string, viaStream: (rest: string | Uint8Array) => void): void {
  if (built[name] || writeSync === undefined || isTerminal(name)) {
    viaStream(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(FD[name], bytes, offset, bytes.length - offset);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      // A descriptor that would block, or one that is closed (the stream makes that a black hole).
      if (failure.code === 'EAGAIN' || failure.code === 'EBADF' || onFault === undefined) {
        viaStream(bytes.subarray(offset));
      } else onFault(name, failure);
      return;
    }
  }
}
