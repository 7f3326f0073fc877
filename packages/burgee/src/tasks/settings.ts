import { ConfigError } from '../errors/errors.js';

/** The variable that tells a process it is the worker of a task, and which: read by run(). */
export const WORKER_VARIABLE = 'BURGEE_TASK_WORKER';

/** How long a task's record lives unless configured: a day, from its start (B3). */
export const DEFAULT_TASK_TTL_MS = 24 * 60 * 60 * 1000;

/** How often a reader is told to look again, and how often a worker looks for a cancel. */
export const POLL_INTERVAL_MS = 1000;

/** The TTL of new tasks: `BURGEE_TASK_TTL_MS`, else a day. */
export function taskTtl(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.BURGEE_TASK_TTL_MS;
  if (text === undefined || text === '') return DEFAULT_TASK_TTL_MS;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(
      `BURGEE_TASK_TTL_MS is ${JSON.stringify(text)}; a task's TTL is a positive whole number of milliseconds`,
      { hint: 'for example BURGEE_TASK_TTL_MS=3600000 keeps a task for an hour' },
    );
  }
  // Timers cannot wait longer than about 24.8 days.
  return Math.min(value, 2_147_483_647);
}
