import type { Manifest } from '../manifest/types.js';
import type { NextStep, SuccessEnvelope } from '../projections/envelope/index.js';
import { isTerminal, type TaskRecord } from './record.js';

/** A task as `--detach` and `tasks status` show it: to a person, and as one envelope with next steps (B3). */
export function taskView(
  manifest: Manifest,
  record: TaskRecord,
  json: boolean,
): { text: string; envelope: SuccessEnvelope } {
  const next = nextSteps(manifest, record, json);
  const task = {
    id: record.id,
    command: record.command.join(' '),
    status: record.status,
    ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
    ...(record.progress === undefined ? {} : { progress: record.progress }),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
  const envelope: SuccessEnvelope = { ok: true, data: { task }, meta: { provenance: {} }, next };
  const width = Math.max(...next.map((step) => step.command.length));
  const lines = [
    `task ${record.id}`,
    `  ${[manifest.name, ...record.command].join(' ')}: ${record.status}${record.statusMessage === undefined ? '' : ` · ${record.statusMessage}`}`,
    `  started ${record.createdAt}, kept until ${new Date(Date.parse(record.createdAt) + record.ttlMs).toISOString()}`,
    '',
    ...next.map((step) => `  ${step.command.padEnd(width)}  ${step.when ?? ''}`.trimEnd()),
  ];
  return { text: lines.join('\n'), envelope };
}

/** What can be done with the task now. */
function nextSteps(manifest: Manifest, record: TaskRecord, json: boolean): NextStep[] {
  const line = (action: string) => `${manifest.name} tasks ${action} ${record.id}${json ? ' --json' : ''}`;
  if (isTerminal(record.status)) return [{ command: line('result'), when: 'to read its result' }];
  return [
    { command: line('status'), when: 'to see how it is going' },
    { command: line('result'), when: 'to wait for its result' },
    { command: line('cancel'), when: 'to stop it' },
  ];
}
