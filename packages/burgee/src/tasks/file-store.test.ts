import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileStore, tasksFolder } from './file-store.js';
import { newTaskId, type TaskRecord } from './record.js';

const root = mkdtempSync(join(tmpdir(), 'burgee-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(root, `f${folders++}`, 'tasks');

const record = (fields: Partial<TaskRecord> = {}): TaskRecord => ({
  id: newTaskId(),
  command: ['backup'],
  status: 'working',
  createdAt: new Date().toISOString(),
  lastUpdatedAt: new Date().toISOString(),
  ttlMs: 60_000,
  pollIntervalMs: 1000,
  worker: { pid: process.pid },
  ...fields,
});

describe('B3 · B4 · the file store of tasks', () => {
  it('B3 · the folder is the XDG state folder of the program', () => {
    expect(tasksFolder('db', { XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/db/tasks');
    expect(tasksFolder('db', { HOME: '/h' })).toBe('/h/.local/state/db/tasks');
    expect(() => tasksFolder('db', {})).toThrow(/neither XDG_STATE_HOME nor HOME is set/);
  });

  it('B3 · a record past its TTL is removed when read, whatever its status', async () => {
    const dir = folder();
    const store = await openFileStore(dir);
    const old = record({ createdAt: new Date(Date.now() - 61_000).toISOString() });
    await store.create(old);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await store.get(old.id)).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('B4 · a task no worker claimed within 10 s, or whose worker is gone, reads as failed', async () => {
    const store = await openFileStore(folder());
    const unclaimed = record({ worker: undefined, createdAt: new Date(Date.now() - 11_000).toISOString() });
    const young = record({ worker: undefined });
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const dead = record({ worker: { pid: gone } });
    for (const r of [unclaimed, young, dead]) await store.create(r);
    expect(await store.get(unclaimed.id)).toMatchObject({
      status: 'failed',
      statusMessage: 'the task never started: its worker did not begin within 10 seconds',
    });
    expect((await store.get(young.id))?.status).toBe('working');
    const failed = await store.get(dead.id);
    expect(failed).toMatchObject({ status: 'failed', outcome: { exitCode: 1 } });
    expect(JSON.parse(failed!.outcome!.envelope).error.message).toBe(
      `the task's worker (pid ${gone}) ended without a result`,
    );
  });

  it('B4 · a worker whose pid was given to another process counts as gone', async () => {
    const store = await openFileStore(folder());
    const reused = record({ worker: { pid: process.pid, started: 'not-this-start' } });
    await store.create(reused);
    expect((await store.get(reused.id))?.status).toBe('failed');
  });

  it('B3 · updates under the lock lose nothing: 20 at once all count', async () => {
    const store = await openFileStore(folder());
    const task = record({ progress: { done: 0 } });
    await store.create(task);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.update(task.id, (r) => ({ ...r, progress: { done: (r.progress?.done ?? 0) + 1 } })),
      ),
    );
    expect((await store.get(task.id))?.progress?.done).toBe(20);
  });

  it('B4 · a folder that is a link, or that others can reach, is refused; an id that is no id reads nothing', async () => {
    const real = join(root, 'real');
    mkdirSync(real, { mode: 0o700 });
    const linked = join(root, 'linked');
    symlinkSync(real, linked);
    await expect(openFileStore(linked)).rejects.toThrow(/is not a folder \(a symbolic link, or a file\)/);
    const open = join(root, 'open');
    mkdirSync(open, { mode: 0o755 });
    await expect(openFileStore(open)).rejects.toThrow(/can be reached by other users/);
    const store = await openFileStore(folder());
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(await store.update('x', (r) => r)).toBeUndefined();
    expect(existsSync(join(root, 'etc'))).toBe(false);
  });
});
