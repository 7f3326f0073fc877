import { readFileSync } from 'node:fs';
import type { TaskRecord } from './record.js';

/**
 * True when the record's worker is known to be gone: its process no longer exists, or the pid now
 * belongs to another process (the start time differs), or no worker claimed it within `graceMs`.
 */
export function workerIsGone(record: TaskRecord, now: number, graceMs: number): boolean {
  const worker = record.worker;
  if (worker === undefined) return now - Date.parse(record.createdAt) > graceMs;
  try {
    process.kill(worker.pid, 0);
  } catch (error) {
    // EPERM: the process exists, owned by someone else: not ours, so ours is gone.
    return (error as NodeJS.ErrnoException).code === 'ESRCH' || (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = procStat(worker.pid);
  // A zombie has ended: only its parent has yet to collect it (a container's init may never do so).
  if (stat?.state === 'Z') return true;
  return worker.started !== undefined && stat !== undefined && stat.started !== worker.started;
}

/** When the kernel started a process (clock ticks since boot), where /proc tells; undefined elsewhere. */
export const processStarted = (pid: number): string | undefined => procStat(pid)?.started;

function procStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces; the fields after it are plain: state is field 3, start time 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/**
 * True when the record's worker has not been heard of for `staleMs`: the test a store shared by
 * several machines uses, where a pid means nothing (B4).
 */
export function heartbeatStale(record: TaskRecord, now: number, staleMs: number): boolean {
  const last = record.worker?.heartbeatAt ?? record.createdAt;
  return now - Date.parse(last) > staleMs;
}
