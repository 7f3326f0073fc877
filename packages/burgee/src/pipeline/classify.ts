import type { CheckedActionRequest } from '../errors/errors.js';
import {
  ActionRequiredSignal,
  BurgeeError,
  ExitSignal,
  exitCall,
  ProcessExitSignal,
  UsageError,
  type UsageSummary,
} from '../errors/errors.js';
import { ExitCode, isExitCodeName } from '../manifest/exit-codes.js';
import type { ManifestCommand } from '../manifest/types.js';
import { usageProblem } from './author-checks.js';

/** A failure ready for the envelope or the human renderer. */
export type Failure = {
  code: number;
  message: string;
  hint?: string;
  fix?: string;
  usage?: UsageSummary;
  /** What a BurgeeError carried for `--json` callers: the envelope's `data` (E5). */
  data?: unknown;
  /** The command burgee refused, whose usage block the failure then shows (E5). */
  command?: ManifestCommand;
  /** Kept only for BURGEE_DEBUG=1. */
  stack?: string;
};

/** What a handler's throw means for the run (E7). */
export type Outcome =
  | { kind: 'failure'; failure: Failure }
  | { kind: 'action'; request: CheckedActionRequest }
  | { kind: 'exit'; code: number };

/** Classifies anything a handler threw or rejected with. */
export function classify(thrown: unknown): Outcome {
  if (thrown instanceof ActionRequiredSignal) return { kind: 'action', request: thrown.request };
  if (thrown instanceof ExitSignal) return { kind: 'exit', code: thrown.exitCode };
  if (thrown instanceof ProcessExitSignal) return { kind: 'failure', failure: processExited(thrown.exitCode) };
  if (thrown instanceof BurgeeError) {
    const failure = fromFields(thrown.code, thrown);
    if (thrown instanceof UsageError && thrown.command !== undefined) failure.command = thrown.command;
    // Only burgee's own errors: another library's `data` field was never meant for the caller.
    if (thrown.data !== undefined) failure.data = thrown.data;
    return { kind: 'failure', failure };
  }
  if (typeof thrown === 'object' && thrown !== null) {
    const code = (thrown as { code?: unknown }).code;
    if (isExitCodeName(code) && code !== 'OK' && code !== 'SIGINT' && code !== 'RUNTIME') {
      return { kind: 'failure', failure: fromFields(ExitCode[code], thrown as Record<string, unknown>) };
    }
    return { kind: 'failure', failure: fromFields(ExitCode.RUNTIME, thrown as Record<string, unknown>) };
  }
  return { kind: 'failure', failure: { code: ExitCode.RUNTIME, message: describe(thrown) } };
}

/**
 * `process.exit(n)` where burgee must still answer (under `--json`, over MCP): a failure with the
 * code asked for when it is one (1–255), else 1, since the handler gave up its chance to return.
 */
function processExited(code: unknown): Failure {
  const asked = typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : code;
  const valid = typeof asked === 'number' && Number.isInteger(asked) && asked >= 1 && asked <= 255;
  return {
    code: valid ? asked : ExitCode.RUNTIME,
    message: `the command called ${exitCall(code)}`,
    hint: 'return a value, throw, or call ctx.exit(code): process.exit ends the process before burgee can answer, and would stop an MCP server',
  };
}

function fromFields(
  code: number,
  source: { message?: unknown; hint?: unknown; fix?: unknown; usage?: unknown; stack?: unknown },
): Failure {
  const failure: Failure = { code, message: describe(source) };
  if (typeof source.hint === 'string' && source.hint !== '') failure.hint = source.hint;
  if (typeof source.fix === 'string' && source.fix !== '') failure.fix = source.fix;
  if (source.usage !== undefined) {
    const problem = usageProblem(source.usage);
    if (problem === undefined) failure.usage = source.usage as UsageSummary;
    else {
      // The author's bug, not the caller's: say so, rather than print nothing or half a block.
      failure.code = ExitCode.RUNTIME;
      failure.hint = `the error's usage block cannot be shown: ${problem}; write it as { command, options?: [{ name, description }] } (E5)`;
      delete failure.fix;
    }
  }
  if (typeof source.stack === 'string') failure.stack = source.stack;
  return failure;
}

/** A one-line message for any thrown value, never "[object Object]". */
function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    try {
      return `the command failed with ${JSON.stringify(value)}`;
    } catch {
      return 'the command failed';
    }
  }
  if (typeof value === 'string' && value !== '') return value;
  return `the command failed with ${String(value)}`;
}
