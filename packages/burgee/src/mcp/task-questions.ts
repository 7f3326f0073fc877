import { randomBytes } from 'node:crypto';
import type { TaskStore } from '../tasks/file-store.js';
import { isTerminal, type TaskQuestion, type TaskRecord } from '../tasks/record.js';
import type { FormAnswer } from './ask-client.js';

// A task's question (B2, 2025-11-25) passes through the task store, not through memory: the client's
// tasks/result may reach another instance than the one running the task (B4), and each reads the store.

/** How often a run waiting on an answer, or a tasks/result waiting to ask, looks at the record. */
const LOOK_MS = 200;

/** Asks a client one form, with the task named in its `_meta`; `'timeout'` when no answer came in time. */
export type AskClient = (form: object, timeoutMs: number) => Promise<FormAnswer>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const token = () => randomBytes(12).toString('base64url');

/**
 * The `elicit` of a task's run: puts the form in the record and the task in `input_required`, then
 * waits for an answer some `tasks/result` wrote, and takes it out, the task `working` again. A task
 * that ends meanwhile (cancelled) or a run aborted answers `cancel`.
 */
export function askThroughStore(
  store: TaskStore,
  id: string,
  signal: AbortSignal,
): (form: { message: string }, timeoutMs: number) => Promise<FormAnswer> {
  return async (form, timeoutMs) => {
    const question: TaskQuestion = { id: token(), form };
    const end = Date.now() + timeoutMs;
    await store.update(id, (record) =>
      isTerminal(record.status)
        ? record
        : { ...record, status: 'input_required', statusMessage: form.message, question, lastUpdatedAt: now() },
    );
    let answer: unknown;
    for (;;) {
      const record = await store.get(id);
      if (record === undefined || isTerminal(record.status) || signal.aborted) {
        answer = { action: 'cancel' };
        break;
      }
      answer = record.question?.id === question.id ? record.question.answer : undefined;
      if (answer !== undefined) break;
      if (Date.now() > end) {
        answer = 'timeout';
        break;
      }
      await sleep(LOOK_MS);
    }
    await store.update(id, (record) => (record.question?.id === question.id ? answered(record) : record));
    return answer as FormAnswer;
  };
}

/** The record once its question is answered: the question and its answer gone, the task working again. */
function answered(record: TaskRecord): TaskRecord {
  const { question: _answered, ...rest } = record;
  if (isTerminal(record.status)) return rest;
  return { ...rest, status: 'working', statusMessage: undefined, lastUpdatedAt: now() };
}

/**
 * Asks this client the task's open question, unless another `tasks/result` is asking it, and writes
 * the answer for the run to take. True when it asked; false when there was nothing for it to ask.
 */
export async function relayQuestion(
  store: TaskStore,
  record: TaskRecord,
  ask: AskClient,
  askMs: number,
): Promise<boolean> {
  const open = record.question;
  if (open === undefined || open.answer !== undefined || isAsked(open)) return false;
  const asker = token();
  const askedUntil = new Date(Date.now() + askMs).toISOString();
  const claimed = await store.update(record.id, (current) =>
    current.question?.id === open.id && current.question.answer === undefined && !isAsked(current.question)
      ? { ...current, question: { ...current.question, askedBy: asker, askedUntil } }
      : current,
  );
  if (claimed?.question?.askedBy !== asker) return false;
  const answer = await ask(open.form as object, askMs);
  await store.update(record.id, (current) => {
    if (current.question?.id !== open.id || current.question.askedBy !== asker) return current;
    // No answer in time: another tasks/result (this client's next, or another's) may ask again.
    const question =
      answer === 'timeout'
        ? { id: open.id, form: open.form }
        : { ...current.question, answer, askedBy: undefined, askedUntil: undefined };
    return { ...current, question };
  });
  return true;
}

const isAsked = (question: TaskQuestion): boolean =>
  question.askedUntil !== undefined && Date.parse(question.askedUntil) > Date.now();

const now = () => new Date().toISOString();
