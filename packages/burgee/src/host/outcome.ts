import { ExitCode } from '../manifest/exit-codes.js';
import type { ManifestCommand } from '../manifest/types.js';
import { changedOf } from '../pipeline/changed.js';
import { classify } from '../pipeline/classify.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import {
  type ProvenanceEntry,
  renderEnvelope,
  toFailureEnvelope,
  toSuccessEnvelope,
} from '../projections/envelope/index.js';

/** The host library's own name for an error, kept in the envelope so nothing it said is lost (F4). */
export type HostError = { code: string; exitCode: number };

/** How one `--json` run of a foreign program ended, before burgee writes it. */
export type HostOutcome =
  | { kind: 'data'; data: unknown; provenance: Record<string, ProvenanceEntry>; command?: ManifestCommand | undefined }
  | { kind: 'shown'; what: 'help' | 'version'; text: string }
  | { kind: 'refused'; code: number; message: string; hint?: string; fix?: string; host: HostError }
  | { kind: 'thrown'; error: unknown };

/** An outcome as the run's one envelope (E3, E5). */
export function reportOutcome(outcome: HostOutcome, report: Reporter): RunResult {
  switch (outcome.kind) {
    case 'data':
      return reportData(outcome, report);
    case 'shown': {
      // Help stays the host's own text; under --json it is the data, as version is for native programs.
      const data = outcome.what === 'help' ? { help: outcome.text } : { version: outcome.text.trim() };
      return report.envelope(toSuccessEnvelope(data, {}));
    }
    case 'refused': {
      const { code, message, hint, fix, host } = outcome;
      const envelope = toFailureEnvelope({
        code,
        message,
        ...(hint === undefined ? {} : { hint }),
        ...(fix === undefined ? {} : { fix }),
      });
      const kept = { ...envelope, error: { ...envelope.error, host } } as typeof envelope;
      return { exitCode: code, envelope: kept, text: renderEnvelope(kept), stream: 'stdout' };
    }
    case 'thrown':
      return reportThrown(outcome.error, report);
  }
}

/**
 * An outcome that is not data, for a person (a surface of burgee's run without `--json`, such as
 * `--explain`): the host's help as text, its refusal as burgee's human failure (E8).
 */
export function reportNotData(outcome: Exclude<HostOutcome, { kind: 'data' }>, report: Reporter): RunResult {
  if (report.json) return reportOutcome(outcome, report);
  if (outcome.kind === 'thrown') return reportThrown(outcome.error, report);
  if (outcome.kind === 'shown') return report.text(outcome.text.replace(/\n$/, ''));
  const { code, message, hint, fix } = outcome;
  return report.failure({
    code,
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(fix === undefined ? {} : { fix }),
  });
}

/** What the action returned as `data`; an idempotent command's must say whether it changed anything (E4). */
function reportData(outcome: Extract<HostOutcome, { kind: 'data' }>, report: Reporter): RunResult {
  const { command, data } = outcome;
  let changed: boolean | undefined;
  try {
    changed = command?.effects === 'idempotent' ? changedOf(report.manifest, command, data) : undefined;
  } catch (error) {
    return reportThrown(error, report);
  }
  return report.envelope(toSuccessEnvelope(data, outcome.provenance, changed));
}

/**
 * What an action threw, classified as a native handler's throw is (E7); `process.exit(n)` inside the
 * run (which the exit guard turns into a throw named `ProcessExit`) ends it with n.
 */
export function reportThrown(error: unknown, report: Reporter): RunResult {
  if (error instanceof Error && error.name === 'ProcessExit') {
    return report.exit(exitCodeOf((error as Error & { exitCode?: unknown }).exitCode));
  }
  const outcome = classify(error);
  if (outcome.kind === 'failure') return report.failure(outcome.failure);
  return report.failure({ code: ExitCode.RUNTIME, message: 'the command failed' });
}

function exitCodeOf(value: unknown): number {
  const code = value === undefined || value === null ? Number(process.exitCode ?? 0) : Number(value);
  return Number.isInteger(code) && code >= 0 && code <= 255 ? code : ExitCode.RUNTIME;
}
