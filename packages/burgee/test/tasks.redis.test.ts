// B4 with the shared store for several machines: Redis, its real server. Each program below has a
// state folder of its own, so only Redis can make one see another's tasks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { send } from './support/mcp.js';
import { type Cluster, freePort, startCluster } from './support/nginx.js';
import { type Redis, startRedis } from './support/redis.js';
import { describeWith } from './support/tools.js';

const tasky = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const TOKEN = 'tasks-redis-token';
const folders: string[] = [];
const ownFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-tasks-redis-'));
  folders.push(dir);
  return dir;
};

describeWith(['redis-server', 'nginx'], 'B4 · tasks in Redis: instances that share no folder share the tasks', () => {
  let redis: Redis;
  let cluster: Cluster;
  let viaProxy: Client;
  let direct: Client[];

  beforeAll(async () => {
    redis = await startRedis();
    // Each instance has a state folder of its own: only Redis can share the tasks.
    cluster = await startCluster(tasky, TOKEN, () => ({ BURGEE_TASK_STORE: redis.url, XDG_STATE_HOME: ownFolder() }));
    ({ viaProxy, direct } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('B4 · a task started through the proxy is polled and collected on every instance', async () => {
    const args = { to: 6, every: 150 };
    const plain = await viaProxy.callTool({ name: 'count', arguments: args });
    const { task } = await send(viaProxy, 'tools/call', { name: 'count', arguments: args, task: {} });
    for (const client of direct) {
      expect(await send(client, 'tasks/get', { taskId: task.taskId })).toMatchObject({ status: 'working' });
    }
    const results = await Promise.all(direct.map((client) => send(client, 'tasks/result', { taskId: task.taskId })));
    for (const result of results) expect(result.content).toEqual(plain.content);
  }, 30_000);

  it('B3 · B4 · on the command line too: --detach in one folder, status and result from another', async () => {
    const env = { BURGEE_TASK_STORE: redis.url };
    const started = await runCli(tasky, ['count', '--to', '2', '--every', '50', '--detach', '--json'], {
      env: { ...env, XDG_STATE_HOME: ownFolder() },
    });
    const id = JSON.parse(started.stdout).data.task.id as string;
    const result = await runCli(tasky, ['tasks', 'result', id, '--json'], {
      env: { ...env, XDG_STATE_HOME: ownFolder() },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).data).toEqual({ counted: 2 });
  });

  it('B4 · a store that cannot be reached is a clear exit 3, never a hang', async () => {
    const result = await runCli(tasky, ['count', '--detach', '--json'], {
      env: { BURGEE_TASK_STORE: `redis://127.0.0.1:${await freePort()}`, XDG_STATE_HOME: ownFolder() },
    });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.message).toMatch(
      /^the task store redis:\/\/127\.0\.0\.1:\d+ cannot be used/,
    );
  });

  it('B4 · a worker that dies leaves its task failed once its heartbeat is 10 s old, on any machine', async () => {
    const env = { BURGEE_TASK_STORE: redis.url, XDG_STATE_HOME: ownFolder() };
    const started = await runCli(tasky, ['count', '--to', '300', '--every', '100', '--detach', '--json'], { env });
    const id = JSON.parse(started.stdout).data.task.id as string;
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      let pid: number | undefined;
      for (let i = 0; i < 50 && pid === undefined; i++) {
        for await (const keys of client.scanIterator({ MATCH: 'burgee:tasky:task:*' })) {
          for (const key of keys) {
            const record = JSON.parse((await client.get(key))!) as {
              id: string;
              worker?: { pid: number; started?: string };
            };
            if (record.id === id && record.worker?.started !== undefined) pid = record.worker.pid;
          }
        }
        if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.kill(pid!, 'SIGKILL');
    } finally {
      client.destroy();
    }
    const status = async () =>
      JSON.parse((await runCli(tasky, ['tasks', 'status', id, '--json'], { env })).stdout).data.task;
    expect((await status()).status).toBe('working');
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await status()).toMatchObject({ status: 'failed' });
  }, 30_000);
});
