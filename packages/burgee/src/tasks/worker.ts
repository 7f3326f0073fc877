import { readFileSync } from 'node:fs';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Program, Progress } from '../declaration/types.js';
import { BurgeeError } from '../errors/errors.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';
import { failureMessage } from './endings.js';
import type { TaskStore } from './file-store.js';
import { isTerminal, type TaskRecord } from './record.js';
import { WORKER_VARIABLE } from './settings.js';
import { openTaskStore } from './store.js';
import { processStarted } from './worker-alive.js';

/** The run a worker goes through: run/'s `execute()`, handed in (tasks/ never imports run/). */
export type Execute = (
  program: Program,
  io: Io,
  options: { onExit: (cleanup: () => void) => void },
) => Promise<RunResult>;

type Work = { execute: Execute; onExit: (cleanup: () => void) => void; abort: (reason: Error) => void };

/** Progress is written at most this often: a handler may report thousands of steps. */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs this process as the worker of task `id` (B3): claims the task, runs the command line it was
 * started with (answers from fd 3), keeps the record's progress, aborts `ctx.signal` when the task is
 * cancelled or its TTL runs out, and stores the envelope. Prints nothing; returns the exit code.
 */
export async function work(program: Program, io: Io, id: string, { execute, onExit, abort }: Work): Promise<number> {
  // Programs this one starts are not workers of this task.
  delete process.env[WORKER_VARIABLE];
  const given = readAnswers();
  if (given === undefined) return ExitCode.RUNTIME;
  const store = await openTaskStore(manifestOf(program).name, io.env);
  const pid = process.pid;
  const claimed = await store.update(id, (record) =>
    !isTerminal(record.status) && (record.worker === undefined || record.worker.pid === pid)
      ? { ...record, worker: { pid, started: processStarted(pid) } }
      : record,
  );
  if (claimed === undefined || claimed.worker?.pid !== pid || isTerminal(claimed.status)) return ExitCode.RUNTIME;

  const stopWatching = watchTask(store, claimed, abort);
  const answers = {
    given,
    secrets: true,
    ask(): never {
      throw new BurgeeError(ExitCode.USAGE, 'a task in the background cannot ask a question', {
        hint: 'give every answer on the command line that starts the task',
      });
    },
  };
  let result: RunResult;
  try {
    result = await execute(program, { ...io, answers, onProgress: progressWriter(store, id) }, { onExit });
  } finally {
    stopWatching();
  }
  await store.update(id, (record) => (isTerminal(record.status) ? record : finished(record, result)));
  return result.exitCode;
}

/** Aborts the run when the task is cancelled, or removed, or its TTL runs out; returns the undo. */
export function watchTask(store: TaskStore, task: TaskRecord, abort: (reason: Error) => void): () => void {
  // Each look is also the worker's heartbeat: a store shared by several machines cannot ask whether
  // a pid is alive, so a worker not heard of for a while counts as gone (B4).
  const beat = (record: TaskRecord): TaskRecord =>
    isTerminal(record.status) || record.worker === undefined
      ? record
      : { ...record, worker: { ...record.worker, heartbeatAt: new Date().toISOString() } };
  const watch = setInterval(() => {
    store.update(task.id, beat).then(
      (record) => {
        if (record === undefined || record.cancelRequested === true) abort(new Error('the task was cancelled'));
      },
      () => {},
    );
  }, task.pollIntervalMs);
  const ttl = setTimeout(
    () => abort(new Error(`the task ran past its TTL (${task.ttlMs} ms)`)),
    Math.max(0, Date.parse(task.createdAt) + task.ttlMs - Date.now()),
  );
  watch.unref();
  ttl.unref();
  return () => {
    clearInterval(watch);
    clearTimeout(ttl);
  };
}

/** Keeps the handler's progress in the record, at most every PROGRESS_EVERY_MS. */
export function progressWriter(store: TaskStore, id: string): (progress: Progress) => void {
  let lastWrite = 0;
  return (progress) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const statusMessage = progressText(progress);
    store
      .update(id, (record) =>
        isTerminal(record.status)
          ? record
          : { ...record, progress, statusMessage, lastUpdatedAt: new Date(now).toISOString() },
      )
      .catch(() => {});
  };
}

/** The answers the starting process sent on fd 3, or undefined when this process has no such pipe. */
function readAnswers(): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(3, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The record of a run that ended: its envelope kept as printed, its status from its exit code. */
function finished(record: TaskRecord, result: RunResult): TaskRecord {
  const ok = result.exitCode === ExitCode.OK;
  const message = ok ? undefined : failureMessage(result.envelope);
  return {
    ...record,
    status: ok ? 'completed' : 'failed',
    statusMessage: message,
    lastUpdatedAt: new Date().toISOString(),
    outcome: { exitCode: result.exitCode, envelope: result.text },
  };
}

/** `3/10 · uploading`: what a reader of the status sees of a handler's progress. */
export function progressText(progress: Progress): string {
  const count = progress.total === undefined ? `${progress.done}` : `${progress.done}/${progress.total}`;
  return progress.message === undefined ? count : `${count} · ${progress.message}`;
}
