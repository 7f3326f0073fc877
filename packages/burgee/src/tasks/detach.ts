import { spawn } from 'node:child_process';
import { refuse } from '../errors/errors.js';
import { detachNeedsProcess } from '../errors/refusals/index.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import type { Resolved } from '../pipeline/resolve.js';
import type { Io } from '../process/io.js';
import { newTaskId, type TaskRecord } from './record.js';
import { POLL_INTERVAL_MS, taskTtl, WORKER_VARIABLE } from './settings.js';
import { openTaskStore } from './store.js';
import { taskView } from './view.js';

type Detach = { manifest: Manifest; command: ManifestCommand; resolved: Resolved; io: Io; report: Reporter };

/**
 * `--detach` (B3): the inputs are resolved here, prompts asked here; the same command line then runs
 * again in a background process of its own, its answers sent on fd 3 (never in argv, where other
 * users could read them). Prints one envelope naming the task, with the commands to follow it.
 */
export async function detach({ manifest, command, resolved, io, report }: Detach): Promise<RunResult> {
  const script = io.entry;
  if (io.isRealProcess !== true || script === undefined) throw refuse(detachNeedsProcess(), command);
  const store = await openTaskStore(manifest.name, io.env);
  const now = new Date().toISOString();
  const record: TaskRecord = {
    id: newTaskId(),
    origin: 'cli',
    command: [...command.path],
    status: 'working',
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: taskTtl(io.env),
    pollIntervalMs: POLL_INTERVAL_MS,
  };
  await store.create(record);
  const pid = await startWorker(script, record.id, promptAnswers(resolved), io);
  const started =
    pid === undefined
      ? await store.update(record.id, (current) => ({
          ...current,
          status: 'failed',
          statusMessage: 'the worker could not be started',
        }))
      : await store.update(record.id, (current) =>
          current.worker === undefined ? { ...current, worker: { pid } } : current,
        );
  const view = taskView(manifest, started ?? record, report.json);
  return report.json ? report.envelope(view.envelope) : report.text(view.text);
}

/**
 * Starts the same script again as the task's worker, in a session of its own (the terminal's Ctrl-C
 * does not reach it), writing the answers on fd 3; its pid, or undefined when it could not start.
 */
function startWorker(
  script: string,
  id: string,
  answers: Record<string, unknown>,
  io: Io,
): Promise<number | undefined> {
  const child = spawn(process.execPath, [...process.execArgv, script, ...workerArgv(io.argv)], {
    cwd: io.cwd,
    env: { ...io.env, [WORKER_VARIABLE]: id },
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    windowsHide: true,
  });
  const pipe = child.stdio[3] as NodeJS.WritableStream;
  // A worker that dies at once closes its end first; reading the task then says it failed.
  pipe.on('error', () => {});
  pipe.end(JSON.stringify(answers));
  child.unref();
  return new Promise((resolve) => {
    child.once('spawn', () => resolve(child.pid));
    child.once('error', () => resolve(undefined));
  });
}

/** What the person answered at the prompts: the worker cannot ask again. */
const promptAnswers = (resolved: Resolved): Record<string, unknown> =>
  Object.fromEntries((resolved.unanswered ?? []).map((option) => [option.key, resolved.options[option.key]]));

/** The command line the worker runs: the one typed, without `--detach`, answering with one envelope. */
export function workerArgv(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const before = end === -1 ? [...argv] : argv.slice(0, end);
  const after = end === -1 ? [] : argv.slice(end);
  const at = before.indexOf('--detach');
  if (at !== -1) before.splice(at, 1);
  if (!before.includes('--json')) before.push('--json');
  return [...before, ...after];
}
