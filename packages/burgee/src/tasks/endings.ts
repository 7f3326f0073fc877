import { ExitCode } from '../manifest/exit-codes.js';
import { renderEnvelope, toFailureEnvelope } from '../projections/envelope/index.js';
import type { TaskRecord } from './record.js';

/** The task of a worker that ended, or never started, without writing a result (B4). */
export function failedRecord(record: TaskRecord, now: number): TaskRecord {
  const message =
    record.worker === undefined
      ? 'the task never started: its worker did not begin within 10 seconds'
      : `the task's worker (pid ${record.worker.pid}) ended without a result`;
  const envelope = renderEnvelope(
    toFailureEnvelope({ code: ExitCode.RUNTIME, message, hint: 'start the command again' }),
  );
  return {
    ...record,
    status: 'failed',
    statusMessage: message,
    lastUpdatedAt: new Date(now).toISOString(),
    outcome: { exitCode: ExitCode.RUNTIME, envelope },
  };
}

/**
 * The task ended by a cancel, at once (B2, B3): its run sees `cancelRequested` at its next look and
 * aborts `ctx.signal`; until it answers, the result is the cancellation's envelope (exit 4).
 */
export function cancelledRecord(record: TaskRecord, message: string): TaskRecord {
  const envelope = renderEnvelope(toFailureEnvelope({ code: ExitCode.CANCELLED, message }));
  return {
    ...record,
    status: 'cancelled',
    statusMessage: message,
    cancelRequested: true,
    lastUpdatedAt: new Date().toISOString(),
    outcome: { exitCode: ExitCode.CANCELLED, envelope },
  };
}

/** What a failed task's status says: its envelope's `error.message` (an action request has one too). */
export function failureMessage(envelope: unknown): string | undefined {
  const text = (envelope as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof text === 'string' ? text : undefined;
}
