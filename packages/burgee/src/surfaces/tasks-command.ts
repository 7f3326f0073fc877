import { refuse } from '../errors/errors.js';
import {
  needsTaskId,
  noSuchTask,
  notOneOf,
  oneTooMany,
  taskOver,
  unknownSynthesisedOption,
} from '../errors/refusals/index.js';
import { findCommand } from '../manifest/commands.js';
import { TASKS_ACTIONS } from '../manifest/synthesised.js';
import type { Manifest } from '../manifest/types.js';
import type { RunResult } from '../pipeline/report.js';
import type { Envelope } from '../projections/envelope/index.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderData } from '../projections/human/render-data.js';
import { cancelledRecord } from '../tasks/endings.js';
import type { TaskStore } from '../tasks/file-store.js';
import { isTerminal, type TaskRecord } from '../tasks/record.js';
import { openTaskStore } from '../tasks/store.js';
import { taskView } from '../tasks/view.js';
import type { SynthesisedCall } from './synthesised-commands.js';

const USAGE = 'tasks <list|status <id>|result <id>|cancel <id>>';

/** `tasks list|status|result|cancel` (B3): the tasks `--detach` started, read from the user's state folder. */
export async function runTasks(call: SynthesisedCall): Promise<RunResult> {
  const { manifest } = call;
  const where = `${manifest.name} tasks`;
  const words = call.words.filter((word) => word !== '--json');
  const flag = words.find((word) => word.startsWith('-'));
  if (flag !== undefined) throw refuse(unknownSynthesisedOption(where, flag, `${manifest.name} ${USAGE}`));
  const [action, id, extra] = words;
  if (!TASKS_ACTIONS.includes(action as (typeof TASKS_ACTIONS)[number])) {
    throw refuse(notOneOf(where, 'subcommand', action, TASKS_ACTIONS, [manifest.name, 'tasks', ...call.words]));
  }
  const store = await openTaskStore(manifest.name, call.io.env);
  if (action === 'list') {
    if (id !== undefined) throw refuse(oneTooMany(`${where} list`, 'action', id, `${manifest.name} ${USAGE}`));
    return listTasks(
      call,
      (await store.list()).filter((task) => task.origin !== 'mcp'),
    );
  }
  if (id === undefined) throw refuse(needsTaskId(manifest, action!));
  if (extra !== undefined) throw refuse(oneTooMany(`${where} ${action}`, 'id', extra, `${manifest.name} ${USAGE}`));
  const record = await store.get(id);
  // An MCP client's tasks are its own to follow, over MCP (B2).
  if (record === undefined || record.origin === 'mcp') throw refuse(noSuchTask(manifest, id));
  if (action === 'status') return shown(call, record);
  if (action === 'cancel') return shown(call, await cancel(manifest, store, record));
  return result(call, await settled(store, record));
}

function shown(call: SynthesisedCall, record: TaskRecord): RunResult {
  const view = taskView(call.manifest, record, call.report.json);
  return call.report.json ? call.report.envelope(view.envelope) : call.report.text(view.text);
}

function listTasks(call: SynthesisedCall, records: readonly TaskRecord[]): RunResult {
  const { manifest, report } = call;
  if (report.json) {
    const tasks = records.map((record) => (taskView(manifest, record, true).envelope.data as { task: unknown }).task);
    return report.envelope(toSuccessEnvelope({ tasks }, {}));
  }
  if (records.length === 0) return report.text(`no tasks of ${manifest.name} are kept`);
  const rows = records.map((r) => [r.id, r.status, r.createdAt, [manifest.name, ...r.command].join(' ')]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return report.text(
    rows
      .map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      )
      .join('\n'),
  );
}

/** Marks the task cancelled at once; its worker sees the request within one poll and aborts `ctx.signal`. */
async function cancel(manifest: Manifest, store: TaskStore, record: TaskRecord): Promise<TaskRecord> {
  if (isTerminal(record.status)) throw refuse(taskOver(manifest, record.id, record.status));
  const changed = await store.update(record.id, (current) =>
    isTerminal(current.status) ? current : cancelledRecord(current, 'the task was cancelled'),
  );
  if (changed === undefined) throw refuse(noSuchTask(manifest, record.id));
  if (changed.status !== 'cancelled') throw refuse(taskOver(manifest, record.id, changed.status));
  return changed;
}

/** Waits for the task to end, looking again at its poll interval, as MCP's `tasks/result` does. */
async function settled(store: TaskStore, record: TaskRecord): Promise<TaskRecord | undefined> {
  let current: TaskRecord | undefined = record;
  while (current !== undefined && !isTerminal(current.status)) {
    await new Promise((resolve) => setTimeout(resolve, current!.pollIntervalMs));
    current = await store.get(record.id);
  }
  return current;
}

/** The task's result exactly as the command printed it under `--json`; for a person, as the command shows it. */
function result(call: SynthesisedCall, record: TaskRecord | undefined): RunResult {
  const { manifest, report } = call;
  const outcome = record?.outcome;
  if (record === undefined || outcome === undefined) throw refuse(noSuchTask(manifest, record?.id ?? ''));
  if (report.json) return { exitCode: outcome.exitCode, text: outcome.envelope, stream: 'stdout' };
  const envelope = JSON.parse(outcome.envelope) as Envelope;
  if (envelope.ok) {
    const command = findCommand(manifest.root, record.command);
    return report.text(renderData(envelope.data, { fields: command?.fields }));
  }
  if ('status' in envelope) {
    const next = envelope.next.map((step) => `  ${step.command}`);
    return { exitCode: outcome.exitCode, text: [envelope.message, ...next].join('\n'), stream: 'stderr' };
  }
  return report.failure({ ...envelope.error, code: outcome.exitCode });
}
