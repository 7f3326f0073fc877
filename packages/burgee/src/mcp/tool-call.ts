import { manifestOf } from '../declaration/to-manifest.js';
import type { Program, Progress } from '../declaration/types.js';
import { hostOf } from '../host/host.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { ManifestCommand } from '../manifest/types.js';
import { classify } from '../pipeline/classify.js';
import type { RunResult } from '../pipeline/report.js';
import type { FaultSink } from '../process/capture.js';
import { runGuarded } from '../process/exit-guard.js';
import type { Io, OutputStream, PromptAnswers } from '../process/io.js';
import { holdFaultListeners } from '../process/process-guards.js';
import type { ErrorBody } from '../projections/envelope/index.js';
import { toUsageSummary } from '../projections/help/usage-summary.js';
import { toCallArgv } from '../projections/mcp/argument-types.js';
import { hasOutputSchema } from '../projections/mcp/output-schema.js';
import type { Deadlines } from './deadlines.js';
import { withNextCalls } from './next-calls.js';
import { failed, type ToolResult, toToolResult } from './tool-result.js';

/**
 * The run every call goes through: run/'s `execute()`, handed in by whoever starts the server. run/
 * starts the server for `--mcp`, so mcp/ importing it back would make the two rooms one knot.
 */
export type Execute = (program: Program, io: Io, options: { captured: boolean }) => Promise<RunResult>;

/** What every call of one server shares. */
export type ToolCallSettings = {
  /** Runs each call's command line, as the command line runs it (M4). */
  execute: Execute;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** The server's per-call timeouts. */
  deadlines: Deadlines;
  /** How long a call may run, for the message of one that runs out of time. */
  timeoutMs: number;
  /** Global flags the server was started with that every call runs with (`--config <path>`, M10). */
  globalWords: readonly string[];
};

/** What one call brings: the request's cancellation, where its progress goes (M9), its client's answers (Q1). */
export type CallRequest = {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
  answers?: PromptAnswers | undefined;
};

/**
 * Runs a command as a `--json` caller would, in this process (M4): the arguments become the command
 * line they stand for (M3), which runs through `execute` as on the CLI; its result is the tool result.
 */
export function callTool(
  program: Program,
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  settings: ToolCallSettings,
  request: CallRequest = {},
): Promise<ToolResult> {
  const manifest = manifestOf(program);
  // A foreign program's library reads some shapes otherwise than burgee's parser (host/).
  const style = hostOf(program)?.argvStyle;
  const mapped = toCallArgv(command, args, { program: manifest.name, config: manifest.config, ...style });
  const structured = hasOutputSchema(command);
  if ('refusal' in mapped) {
    const usage = toUsageSummary(manifest, command);
    return Promise.resolve(failed({ code: ExitCode.USAGE, ...mapped.refusal, usage }, '', structured));
  }
  const run = runCall(program, mapped.argv, settings, request, structured);
  // A foreign program's lines are its library's to read, and its handlers name no next steps (Q6).
  return style === undefined ? run.then((result) => withNextCalls(manifest, result)) : run;
}

/**
 * Runs the command until it finishes, runs out of time or is cancelled by the client, whichever
 * comes first; in the last two cases `ctx.signal` is aborted and the call answers at once (M6, M9).
 * `structured`: the tool has an `outputSchema`, so the result carries `structuredContent`.
 */
export function runCall(
  program: Program,
  argv: readonly string[],
  settings: ToolCallSettings,
  request: CallRequest,
  structured: boolean,
): Promise<ToolResult> {
  return new Promise<ToolResult>((resolve) => {
    // Under --json the runtime sends what the handler prints to stderr: that is the captured output.
    let captured = '';
    const capture = (text: string) => {
      captured += text;
    };
    let answered = false;
    const answer = (result: ToolResult) => {
      if (answered) return;
      answered = true;
      deadline.cancel();
      signal.dispose();
      faults.release();
      resolve(result);
    };
    const stop = (failure: ErrorBody, reason: unknown) => {
      signal.abort(reason);
      answer(failed(failure, captured, structured));
    };
    const signal = lazySignal(request.signal, () => stop(cancelled(), request.signal?.reason));
    const deadline = settings.deadlines.add(() => {
      const failure = timedOut(settings.timeoutMs);
      stop(failure, new Error(failure.message));
    });
    const faults = callFaults(() => answered);
    if (request.signal?.aborted === true) return stop(cancelled(), request.signal.reason);
    const io = callIo(argv, settings, request, pipe(capture), signal, faults.stalled);
    // One scope for the whole call: the handler, its lazy module, an option's schema (M5), and
    // what they schedule, whose stray errors fail this call as they fail a CLI run (M4, E10).
    runGuarded(
      () => settings.execute(program, io, { captured: true }),
      { stdout: capture, stderr: capture },
      faults.sink,
    ).then(
      (result) =>
        answer(
          faults.error === undefined
            ? toToolResult(result, captured, structured)
            : faulted(result, faults, captured, structured),
        ),
      // execute() answers every failure itself; this is the guard should that ever break.
      (error: unknown) => stop(couldNotRun(error), error),
    );
  });
}

/** A call's stray errors: where they go, the first one, and the promise the run races them with. */
type CallFaults = { sink: FaultSink; stalled: Promise<never>; error: { value: unknown } | undefined; release(): void };

/**
 * A fault sink for one call. While the call is unanswered, a stray error raised in its async context
 * rejects `stalled`, which the handler's run races (as `run()` does on the CLI), so the call fails
 * with the envelope the CLI gives for the same run; once answered, the error is the server's to report.
 */
function callFaults(answered: () => boolean): CallFaults {
  let reject: (error: unknown) => void = () => {};
  const stalled = new Promise<never>((_, fail) => {
    reject = fail;
  });
  stalled.catch(() => {});
  const faults: CallFaults = {
    sink: (error) => {
      if (answered()) return false;
      faults.error ??= { value: error };
      reject(error);
      return true;
    },
    stalled,
    error: undefined,
    release: holdFaultListeners(),
  };
  return faults;
}

/**
 * A run that answered although a stray error escaped it (a host that does not race `stalled`): the
 * error stands, never `ok: true`. A run that failed on its own already says so.
 */
function faulted(result: RunResult, faults: CallFaults, captured: string, structured: boolean): ToolResult {
  if (result.exitCode !== 0) return toToolResult(result, captured, structured);
  const outcome = classify(faults.error!.value);
  const body = outcome.kind === 'failure' ? outcome.failure : { code: ExitCode.RUNTIME, message: 'the command failed' };
  const { code, message, hint } = body as ErrorBody;
  return failed(hint === undefined ? { code, message } : { code, message, hint }, captured, structured);
}

const pipe = (write: (text: string) => void): OutputStream => ({ write, isTTY: false });

/** Nothing reaches it: under --json the runtime returns its envelope instead of writing it. */
const nowhere = pipe(() => {});

/** One call's view of the world: the server's environment, no terminal, its own output and signal. */
function callIo(
  argv: readonly string[],
  settings: ToolCallSettings,
  request: CallRequest,
  stderr: OutputStream,
  signal: LazySignal,
  stalled: Promise<never>,
): Io {
  return {
    argv: withGlobalWords(argv, settings.globalWords),
    env: settings.env,
    cwd: settings.cwd,
    stdout: nowhere,
    stderr,
    stdinIsTTY: false,
    onProgress: request.onProgress,
    answers: request.answers,
    signal: signal.get,
    stalled,
  };
}

/** `argv` with the server's global words, before any `--` that hands the rest to the command. */
function withGlobalWords(argv: readonly string[], words: readonly string[]): readonly string[] {
  if (words.length === 0) return argv;
  const end = argv.indexOf('--');
  return end === -1 ? [...argv, ...words] : [...argv.slice(0, end), ...words, ...argv.slice(end)];
}

/** A call's `ctx.signal`, made on first `get`, with what the call does to it. */
type LazySignal = { get(): AbortSignal; abort(reason: unknown): void; dispose(): void };

/**
 * Made only when the handler reads `ctx.signal`: an `AbortController`, and a listener on the
 * request's own signal, cost more than the rest of a small call, and most handlers never look. One
 * that never looks cannot be stopped anyway; the call then answers at once and the handler runs out.
 */
function lazySignal(request: AbortSignal | undefined, onCancel: () => void): LazySignal {
  let controller: AbortController | undefined;
  let stopped: { reason: unknown } | undefined;
  const make = (): AbortController => {
    controller = new AbortController();
    if (stopped !== undefined) controller.abort(stopped.reason);
    else if (request?.aborted === true) onCancel();
    else request?.addEventListener('abort', onCancel, { once: true });
    return controller;
  };
  return {
    get: () => (controller ?? make()).signal,
    abort(reason) {
      stopped ??= { reason };
      controller?.abort(reason);
    },
    dispose() {
      // Only a signal that was made listens to the request's.
      if (controller !== undefined) request?.removeEventListener('abort', onCancel);
    },
  };
}

const cancelled = (): ErrorBody => ({ code: ExitCode.CANCELLED, message: 'the client cancelled the call' });

const couldNotRun = (error: unknown): ErrorBody => ({
  code: ExitCode.RUNTIME,
  message: `burgee could not run the command: ${error instanceof Error ? error.message : String(error)}`,
});

/** The failure of a call that ran out of time, its questions' waits included (M6, Q3). */
export const timedOut = (timeoutMs: number): ErrorBody => ({
  code: ExitCode.RUNTIME,
  message: `the command did not finish within ${timeoutMs} ms, the MCP call timeout, and was cancelled`,
  hint: 'when it needs longer, raise the limit with BURGEE_MCP_TIMEOUT_MS (milliseconds)',
});
