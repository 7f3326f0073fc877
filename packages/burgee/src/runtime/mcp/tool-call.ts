import type { Program, Progress } from '../../declaration/types.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { ManifestCommand } from '../../manifest/types.js';
import { type FailureEnvelope, renderEnvelope, toFailureEnvelope } from '../../projections/envelope/index.js';
import { toUsageSummary } from '../../projections/human/index.js';
import { toArgv } from '../../projections/mcp/argv.js';
import { withCapturedOutput } from '../capture.js';
import { execute, manifestOf } from '../execute.js';
import type { Io, OutputStream } from '../io.js';
import { runGuarded } from './exit-guard.js';

/** What every call of one server shares, and what one call brings (its cancellation, its progress). */
export type ToolCallSettings = {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: Progress) => void) | undefined;
};

/** A tool result in MCP's `CallToolResult` shape (DESIGN M4). */
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
): Promise<ToolResult> {
  const manifest = manifestOf(program);
  const mapped = toArgv(command, args, { program: manifest.name, config: manifest.config });
  if ('refusal' in mapped) {
    const usage = toUsageSummary(manifest, command);
    const envelope = toFailureEnvelope({ code: ExitCode.USAGE, ...mapped.refusal, usage });
    return toToolResult({ exitCode: ExitCode.USAGE, stdout: renderEnvelope(envelope), captured: '' });
  }
  return toToolResult(await runArgv(program, mapped.argv, settings));
}

async function runArgv(program: Program, argv: readonly string[], settings: ToolCallSettings): Promise<Run> {
  let stdout = '';
  let captured = '';
  const capture = (text: string) => {
    captured += text;
  };
  const controller = new AbortController();
  const io: Io = {
    argv,
    env: settings.env,
    cwd: settings.cwd,
    stdout: pipe((text) => {
      stdout += text;
    }),
    // Under --json the runtime sends what the handler prints to stderr: that is the captured output.
    stderr: pipe(capture),
    stdinIsTTY: false,
    signal: controller.signal,
    onProgress: settings.onProgress,
  };
  const stops = watchStops(controller, settings);
  // The outer capture catches what runs in the call but outside the handler (a lazy module's top level).
  const running = runGuarded(() =>
    withCapturedOutput({ stdout: capture, stderr: capture }, () => execute(program, io)),
  );
  try {
    const outcome = await Promise.race([running.then((exitCode) => ({ exitCode })), stops.stopped]);
    if ('exitCode' in outcome) return { exitCode: outcome.exitCode, stdout, captured };
    return { exitCode: outcome.failure.error.code, stdout: renderEnvelope(outcome.failure), captured };
  } finally {
    stops.dispose();
  }
}

const pipe = (write: (text: string) => void): OutputStream => ({ write, isTTY: false });

/** Ends a call that outlives its timeout or is cancelled by the client, aborting `ctx.signal` either way (DESIGN M6, M9). */
function watchStops(
  controller: AbortController,
  settings: ToolCallSettings,
): { stopped: Promise<{ failure: FailureEnvelope }>; dispose: () => void } {
  const { signal, timeoutMs } = settings;
  let timer: NodeJS.Timeout | undefined;
  let onCancel = () => {};
  const stopped = new Promise<{ failure: FailureEnvelope }>((resolve) => {
    timer = setTimeout(() => {
      const failure = toFailureEnvelope({
        code: ExitCode.RUNTIME,
        message: `the command did not finish within ${timeoutMs} ms, the MCP call timeout, and was cancelled`,
        hint: 'when it needs longer, raise the limit with BURGEE_MCP_TIMEOUT_MS (milliseconds)',
      });
      controller.abort(new Error(failure.error.message));
      resolve({ failure });
    }, timeoutMs);
    onCancel = () => {
      controller.abort(signal?.reason);
      resolve({ failure: toFailureEnvelope({ code: ExitCode.CANCELLED, message: 'the client cancelled the call' }) });
    };
    if (signal?.aborted === true) onCancel();
    else signal?.addEventListener('abort', onCancel, { once: true });
  });
  return {
    stopped,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    },
  };
}

/** The envelope as the first text item, byte for byte without the newline; captured output as a second one (DESIGN M4). */
function toToolResult(run: Run): ToolResult {
  let text = run.stdout.endsWith('\n') ? run.stdout.slice(0, -1) : run.stdout;
  let structured = parseObject(text);
  let captured = run.captured;
  let exitCode = run.exitCode;
  if (structured === undefined) {
    // --json promises one envelope (DESIGN N2); should that ever break, the caller still gets one.
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
