import { ExitCode } from '../../manifest/exit-codes.js';
import {
  type ProvenanceEntry,
  renderEnvelope,
  toFailureEnvelope,
  toSuccessEnvelope,
} from '../../projections/envelope/index.js';
import { classify } from '../classify.js';
import { ProcessExitSignal } from '../mcp/exit-guard.js';
import type { Reporter } from '../report.js';

/** The host library's own name for an error, kept in the envelope so nothing it said is lost (F4). */
export type HostError = { code: string; exitCode: number };

/** How one `--json` run of a foreign program ended, before burgee writes it. */
export type HostOutcome =
  | { kind: 'data'; data: unknown; provenance: Record<string, ProvenanceEntry> }
  | { kind: 'shown'; what: 'help' | 'version'; text: string }
  | { kind: 'refused'; code: number; message: string; hint?: string; fix?: string; host: HostError }
  | { kind: 'thrown'; error: unknown };

/** Writes an outcome as the one envelope on stdout (E3, E5) and returns the exit code. */
export function reportOutcome(outcome: HostOutcome, report: Reporter): number {
  switch (outcome.kind) {
    case 'data':
      report.envelope(toSuccessEnvelope(outcome.data, outcome.provenance));
      return ExitCode.OK;
    case 'shown': {
      // Help stays the host's own text; under --json it is the data, as version is for native programs.
      const data = outcome.what === 'help' ? { help: outcome.text } : { version: outcome.text.trim() };
      report.envelope(toSuccessEnvelope(data, {}));
      return ExitCode.OK;
    }
    case 'refused': {
      const { code, message, hint, fix, host } = outcome;
      const envelope = toFailureEnvelope({
        code,
        message,
        ...(hint === undefined ? {} : { hint }),
        ...(fix === undefined ? {} : { fix }),
      });
      report.document(renderEnvelope({ ...envelope, error: { ...envelope.error, host } } as typeof envelope));
      return code;
    }
    case 'thrown':
      return reportThrown(outcome.error, report);
  }
}

/** What an action threw, classified as a native handler's throw is (E7); `process.exit(n)` ends the run with n. */
export function reportThrown(error: unknown, report: Reporter): number {
  if (error instanceof ProcessExitSignal) {
    const code = exitCodeOf(error.exitCode);
    if (!report.json) return code;
    if (code === 0) report.envelope(toSuccessEnvelope(null, {}));
    else report.envelope(toFailureEnvelope({ code, message: `the command exited with code ${code}` }));
    return code;
  }
  const outcome = classify(error);
  if (outcome.kind === 'failure') return report.failure(outcome.failure);
  return ExitCode.RUNTIME;
}

function exitCodeOf(value: unknown): number {
  const code = value === undefined || value === null ? Number(process.exitCode ?? 0) : Number(value);
  return Number.isInteger(code) && code >= 0 && code <= 255 ? code : ExitCode.RUNTIME;
}
