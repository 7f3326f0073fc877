import type { Progress } from '../declaration/types.js';
import type { ManifestOption } from '../manifest/types.js';
import { originalWrite } from './capture.js';
import { isTerminal, isTerminalDescriptor, type StdName, writeStd } from './std-streams.js';

/** Where the runtime writes; a terminal reports its width. */
export interface OutputStream {
  write(text: string): void;
  readonly isTTY: boolean;
  readonly columns?: number | undefined;
}

/** Everything the runtime reads from the outside world, injected so tests need no process (STYLE). */
export interface Io {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly stdinIsTTY: boolean;
  /** The script that was started, used to find the owning package.json for `--version`. */
  readonly entry?: string | undefined;
  /** The Node.js binary running the program, written into MCP client entries (K1). */
  readonly execPath?: string | undefined;
  /**
   * Cancels the handler from outside (SIGINT, an MCP cancellation). A function, asked only when the
   * handler reads `ctx.signal`: making a signal costs more than the rest of a small MCP call, and a
   * getter would put every call's io in V8's slow dictionary mode.
   */
  readonly signal?: (() => AbortSignal) | undefined;
  /** True when this is the real process, whose stdin and stdout `--mcp` may take over. */
  readonly isRealProcess?: boolean | undefined;
  /**
   * Rejects when the handler can no longer finish: the event loop drained around it, or an error
   * escaped it asynchronously (an unhandled rejection, a throw in a timer).
   */
  readonly stalled?: Promise<never> | undefined;
  /** Rejects with the first error that escapes the run asynchronously: `stalled` without the drained loop. */
  readonly faults?: Promise<never> | undefined;
  /** Takes SIGINT, SIGTERM and SIGHUP back from the run, for a server that stops gracefully (exit 0) instead of dying of them. */
  readonly releaseSignals?: (() => void) | undefined;
  /** Receives `ctx.progress` reports when a surface shows them (MCP, progress bars). */
  readonly onProgress?: ((progress: Progress) => void) | undefined;
  /**
   * Over MCP, a client that can be asked (Q1): the answers it gave so far, by option key, and `ask`,
   * which records the options still to ask (with what was wrong with an answer) and throws, so the
   * call asks its client and runs again. Absent wherever nobody but a person at a terminal answers.
   */
  readonly answers?: PromptAnswers | undefined;
  /** The real terminal's streams, for prompts and progress lines; only the real process has them. */
  readonly terminal?: (() => { input: NodeJS.ReadStream; output: NodeJS.WriteStream }) | undefined;
}

/** A client's answers to bound prompts, and the way to ask it for more (Q1). */
export type PromptAnswers = {
  readonly given: Readonly<Record<string, unknown>> | undefined;
  /** True when the user typed these answers themselves (a detached task's), so secrets may be among them (Q2). */
  readonly secrets?: boolean;
  ask(options: readonly ManifestOption[], problems: readonly string[]): never;
};

/**
 * The real process as an `Io`. burgee's own output bypasses the capture hook, so it is never
 * redirected, and goes straight to the descriptor until something builds the stream (std-streams).
 */
export function processIo(): Io {
  const stream = (name: StdName): OutputStream => ({
    write: (text: string) => {
      writeStd(name, text, (rest) => {
        originalWrite(process[name])(rest);
      });
    },
    get isTTY() {
      return isTerminal(name);
    },
    get columns() {
      return isTerminal(name) ? process[name].columns : undefined;
    },
  });
  return {
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    // Asked of the descriptor; touching process.stdin would build a stream and slow every start.
    stdinIsTTY: isTerminalDescriptor(0),
    entry: process.argv[1],
    execPath: process.execPath,
    isRealProcess: true,
    // A function: reading process.stdin builds a stream, which only a prompt needs.
    terminal: () => ({ input: process.stdin, output: process.stderr }),
  };
}
