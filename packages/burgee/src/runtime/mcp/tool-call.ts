import type { Program, Progress } from '../../declaration/types.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { ManifestCommand } from '../../manifest/types.js';
import { type FailureEnvelope, renderEnvelope, toFailureEnvelope } from '../../projections/envelope/index.js';
import { toUsageSummary } from '../../projections/human/index.js';
import { toArgv } from '../../projections/mcp/argv.js';
import { execute, manifestOf } from '../execute.js';
import type { Io, OutputStream } from '../io.js';
import type { ParsedArgv } from '../parse-argv.js';
import type { Deadlines } from './deadlines.js';
import { runGuarded } from './exit-guard.js';

/** What every call of one server shares. */
export type ToolCallSettings = {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** The server's per-call timeouts. */
  deadlines: Deadlines;
  /** How long a call may run, for the message of one that runs out of time. */
  timeoutMs: number;
};

/** What one call brings: the request's cancellation, and where its progress goes (M9). */
export type CallRequest = {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
};

/** A tool result in MCP's `CallToolResult` shape (M4). */
export type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError: boolean;
};

/** What one in-process run printed: the envelope on stdout, and whatever the handler printed on its own. */
type Run = { exitCode: number; stdout: string; captured: string };

/** Runs a command as a `--json` caller would, in this process, and returns its envelope as a tool result. */
export async function callTool(
  program: Program,
  command: ManifestCommand,
  args: Readonly<Record<string, unknown>>,
  settings: ToolCallSettings,
  request: CallRequest = {},
): Promise<ToolResult> {
  const manifest = manifestOf(program);
  const context = { program: manifest.name, config: manifest.config };
  const mapped = toArgv(command, args, context);
  if ('refusal' in mapped) {
    const usage = toUsageSummary(manifest, command);
    const envelope = toFailureEnvelope({ code: ExitCode.USAGE, ...mapped.refusal, usage });
    return toToolResult({ exitCode: ExitCode.USAGE, stdout: renderEnvelope(envelope), captured: '' });
  }
  const argv = () => mapped.argv;
  const parsed = undefined;
  return toToolResult(await runCommand(program, { argv, parsed }, settings, request));
}

/**
 * Runs the command in-process until it finishes, runs out of time or is cancelled by the client,
 * whichever comes first; `ctx.signal` is aborted in the last two cases (M6, M9).
 */
function runCommand(
  program: Program,
  line: { argv: () => readonly string[]; parsed: ParsedArgv | undefined },
  settings: ToolCallSettings,
  request: CallRequest,
): Promise<Run> {
  let stdout = '';
  let captured = '';
  const capture = (text: string) => {
    captured += text;
  };
  // Set once the call is under way; whichever ends it first (the command, its timeout, the
  // client) settles it, and the others find nothing left to do.
  let finish = (_run: Run) => {};
  const stop = (failure: FailureEnvelope, reason: unknown) => {
    abort.abort(reason);
    finish({ exitCode: failure.error.code, stdout: renderEnvelope(failure), captured });
  };
  const abort = new CallSignal(request.signal, (reason) =>
    stop(toFailureEnvelope({ code: ExitCode.CANCELLED, message: 'the client cancelled the call' }), reason),
  );
  const io = new CallIo(
    settings,
    request,
    pipe((text) => {
      stdout += text;
    }),
    // Under --json the runtime sends what the handler prints to stderr: that is the captured output.
    pipe(capture),
    line.argv,
    abort,
  );
  return new Promise<Run>((resolve) => {
    const deadline = settings.deadlines.add(() => {
      const failure = toFailureEnvelope({
        code: ExitCode.RUNTIME,
        message: `the command did not finish within ${settings.timeoutMs} ms, the MCP call timeout, and was cancelled`,
        hint: 'when it needs longer, raise the limit with BURGEE_MCP_TIMEOUT_MS (milliseconds)',
      });
      stop(failure, new Error(failure.error.message));
    });
    finish = (run) => {
      finish = () => {};
      deadline.cancel();
      abort.dispose();
      resolve(run);
    };
    if (request.signal?.aborted === true) return abort.cancel();
    // One capture for the whole call: the handler, its lazy module, an option's schema; the
    // envelope itself goes to io.stdout, which the capture hook never touches.
    runGuarded(() => execute(program, io, { parsed: line.parsed, captured: true }), {
      stdout: capture,
      stderr: capture,
    }).then(
      (exitCode) => finish({ exitCode, stdout, captured }),
      // execute() answers every failure itself; this is the guard should that ever break.
      (error: unknown) => {
        const message = `burgee could not run the command: ${error instanceof Error ? error.message : String(error)}`;
        stop(toFailureEnvelope({ code: ExitCode.RUNTIME, message }), error);
      },
    );
  });
}

const pipe = (write: (text: string) => void): OutputStream => ({ write, isTTY: false });

/**
 * One call's view of the world. A class, so that its two lazy fields are getters on the prototype:
 * an object literal with a getter is built in V8's slow dictionary mode, and defining the getters
 * afterwards costs a runtime call on every call.
 */
class CallIo implements Io {
  readonly env: Io['env'];
  readonly cwd: string;
  readonly stdinIsTTY = false;
  readonly onProgress: Io['onProgress'];

  constructor(
    settings: ToolCallSettings,
    request: CallRequest,
    readonly stdout: OutputStream,
    readonly stderr: OutputStream,
    private readonly argvOf: () => readonly string[],
    private readonly abort: CallSignal,
  ) {
    this.env = settings.env;
    this.cwd = settings.cwd;
    this.onProgress = request.onProgress;
  }

  /** Written only when a message needs the command line. */
  get argv(): readonly string[] {
    return this.argvOf();
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

/**
 * A call's `ctx.signal`, made only when the handler asks for it: an `AbortController`, and a
 * listener on the request's own signal, cost more than the rest of a small call, and most handlers
 * never look. A handler that never looks cannot be stopped anyway; the protocol drops the answer
 * of a cancelled request, so such a call simply runs to its end (or its timeout).
 */
class CallSignal {
  private controller: AbortController | undefined;
  private aborted = false;
  private reason: unknown;
  private listening = false;

  constructor(
    private readonly request: AbortSignal | undefined,
    private readonly onCancel: (reason: unknown) => void,
  ) {}

  get signal(): AbortSignal {
    if (this.controller !== undefined) return this.controller.signal;
    this.controller = new AbortController();
    if (this.aborted) this.controller.abort(this.reason);
    else if (this.request?.aborted === true) this.cancel();
    else if (this.request !== undefined) {
      this.request.addEventListener('abort', this.cancel, { once: true });
      this.listening = true;
    }
    return this.controller.signal;
  }

  /** The client cancelled the request. */
  readonly cancel = (): void => this.onCancel(this.request?.reason);

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }

  dispose(): void {
    if (this.listening) this.request?.removeEventListener('abort', this.cancel);
    this.listening = false;
  }
}

/** The envelope as the first text item, byte for byte without the newline; captured output as a second one (M4). */
function toToolResult(run: Run): ToolResult {
  let text = run.stdout.endsWith('\n') ? run.stdout.slice(0, -1) : run.stdout;
  let structured = parseObject(text);
  let captured = run.captured;
  let exitCode = run.exitCode;
  if (structured === undefined) {
    // --json promises one envelope (N2); should that ever break, the caller still gets one.
    const failure = toFailureEnvelope({ code: ExitCode.RUNTIME, message: 'the command printed no JSON envelope' });
    captured = run.stdout + captured;
    text = renderEnvelope(failure);
    structured = failure as unknown as Record<string, unknown>;
    exitCode = exitCode === 0 ? ExitCode.RUNTIME : exitCode;
  }
  const content: ToolResult['content'] = [{ type: 'text', text }];
  if (captured !== '') content.push({ type: 'text', text: captured });
  return { content, structuredContent: structured, isError: exitCode !== 0 };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
