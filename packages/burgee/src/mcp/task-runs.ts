import type { Progress } from '../declaration/types.js';
import { cancelledRecord, failureMessage } from '../tasks/endings.js';
import type { TaskStore } from '../tasks/file-store.js';
import { isTerminal, newTaskId, type TaskRecord } from '../tasks/record.js';
import { DEFAULT_TASK_TTL_MS, POLL_INTERVAL_MS } from '../tasks/settings.js';
import { progressWriter, watchTask } from '../tasks/worker.js';
import { processStarted } from '../tasks/worker-alive.js';
import { type FormAnswer, formResponse } from './ask-client.js';
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY } from './sdk.js';
import { type AskClient, askThroughStore, relayQuestion } from './task-questions.js';
import type { ToolResult } from './tool-result.js';

// Loaded at a server's first task method, not with the server: the store's modules take Node's
// crypto and fs, whose ES facades would slow every server's start (N1).

/** What a task's run is handed: its abort, where its progress goes, its TTL, and how it asks a question. */
export type RunTools = {
  signal: AbortSignal;
  onProgress: (progress: Progress) => void;
  ttlMs: number;
  elicit: (form: { message: string }, timeoutMs: number) => Promise<FormAnswer>;
};

type Run = (tools: RunTools) => Promise<ToolResult>;

/** Whoever collects a result asks the task's questions of its client (2025-11-25), each for up to `ms`. */
export type Relay = { ask: AskClient; ms: number };

/**
 * The tasks of one server (B2, B4), kept in the task store so that every instance sharing it (the
 * user's state folder, on one machine) answers for a task another runs. The run itself stays in the
 * process that started it; a cancel from any instance reaches it through the store.
 */
export class McpTasks {
  private store: Promise<TaskStore> | undefined;

  constructor(private readonly open: () => Promise<TaskStore>) {}

  /** Starts `run` as a task, durable before it answers; `ttl` is the client's wish, capped at the default. */
  async start(command: readonly string[], ttl: number | undefined, run: Run): Promise<TaskRecord> {
    const store = await this.stored();
    const now = new Date().toISOString();
    const ttlMs = Math.min(ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const worker = { pid: process.pid, started: processStarted(process.pid) };
    const record: TaskRecord = {
      id: newTaskId(),
      origin: 'mcp',
      command: [...command],
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: POLL_INTERVAL_MS,
      worker,
    };
    await store.create(record);
    const controller = new AbortController();
    const unwatch = watchTask(store, record, (reason) => controller.abort(reason));
    const { signal } = controller;
    const elicit = askThroughStore(store, record.id, signal);
    run({ signal, onProgress: progressWriter(store, record.id), ttlMs, elicit })
      .then((done) => store.update(record.id, (current) => ended(current, done)))
      .catch(() => {})
      .finally(unwatch);
    return record;
  }

  /** The task as stored, or -32602 for an id that names none of this server's. */
  async get(taskId: string): Promise<TaskRecord> {
    const record = typeof taskId === 'string' ? await (await this.stored()).get(taskId) : undefined;
    if (record === undefined || record.origin !== 'mcp') throw noTask(taskId);
    return record;
  }

  async list(): Promise<TaskRecord[]> {
    const records = await (await this.stored()).list();
    return records.filter((record) => record.origin === 'mcp');
  }

  /**
   * Gives the open question its answer (2026-07-28, `tasks/update`), for the run to take up; answers
   * keyed by anything but the open question's id, or not shaped as an answer, are ignored.
   */
  async answer(taskId: string, responses: Record<string, unknown>): Promise<void> {
    const open = (await this.get(taskId)).question;
    const answer = open === undefined ? undefined : formResponse(responses[open.id]);
    if (open === undefined || answer === undefined) return;
    await (await this.stored()).update(taskId, (current) =>
      current.question?.id === open.id && current.question.answer === undefined
        ? { ...current, question: { ...current.question, answer } }
        : current,
    );
  }

  /**
   * The call's own result once the task ends, with the task named in `_meta`; meanwhile a question
   * the run asks is put to this client when `relay` says how (B2).
   */
  async result(taskId: string, relay?: Relay): Promise<ToolResult & { _meta: Record<string, unknown> }> {
    let record = await this.get(taskId);
    while (!isTerminal(record.status) || (record.toolResult === undefined && record.outcome === undefined)) {
      const asked =
        relay !== undefined && record.status === 'input_required'
          ? await relayQuestion(await this.stored(), record, relay.ask, relay.ms)
          : false;
      if (!asked) await new Promise((resolve) => setTimeout(resolve, Math.min(record.pollIntervalMs, 250)));
      record = await this.get(taskId);
    }
    const done = (record.toolResult as ToolResult | undefined) ?? {
      content: [{ type: 'text', text: record.outcome!.envelope }],
      isError: record.outcome!.exitCode !== 0,
    };
    return { ...done, _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /**
   * Ends the task cancelled at once; its run, wherever it is, sees the request at its next look.
   * `ended` is true when the task had already ended, and so stays as it was.
   */
  async cancel(taskId: string): Promise<{ record: TaskRecord; ended: boolean }> {
    let ended = isTerminal((await this.get(taskId)).status);
    const changed = await (await this.stored()).update(taskId, (current) => {
      ended = isTerminal(current.status);
      // A question still open is asked no more, and any answer given to it goes with it.
      return ended ? current : cancelledRecord(withoutQuestion(current), 'the client cancelled the task');
    });
    if (changed === undefined) throw noTask(taskId);
    return { record: changed, ended };
  }

  private stored(): Promise<TaskStore> {
    this.store ??= this.open();
    return this.store;
  }
}

const noTask = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `no task ${JSON.stringify(taskId)}: it never existed here, or it expired`,
  );

function withoutQuestion(record: TaskRecord): TaskRecord {
  const { question: _over, ...rest } = record;
  return rest;
}

/** The record of a run that ended; a task already cancelled keeps its status and gains the result. */
function ended(stored: TaskRecord, done: ToolResult): TaskRecord {
  const lastUpdatedAt = new Date().toISOString();
  const record = withoutQuestion(stored);
  if (isTerminal(record.status)) return { ...record, toolResult: done, lastUpdatedAt };
  // 2025-11-25: a tool result with isError ends its task failed.
  const status = done.isError ? 'failed' : 'completed';
  return { ...record, status, statusMessage: messageOf(done), toolResult: done, lastUpdatedAt };
}

/** A failed call's message, read from the envelope its tool result carries as text. */
function messageOf(result: ToolResult): string | undefined {
  if (result.isError !== true) return undefined;
  try {
    return failureMessage(JSON.parse(result.content[0]?.text ?? ''));
  } catch {
    return undefined;
  }
}
