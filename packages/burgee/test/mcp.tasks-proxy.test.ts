// B4 behind the real load balancer: three `--mcp --http` instances of one program behind nginx
// (the site configuration docs/mcp-http.md shows), sharing the task store of the user's state
// folder. A task started through the proxy is polled, cancelled and collected through the others.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import type { HttpServer } from './support/http.js';
import { send } from './support/mcp.js';
import { type Cluster, startCluster } from './support/nginx.js';
import { describeWith } from './support/tools.js';

const tasky = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const TOKEN = 'tasks-proxy-token';
const state = mkdtempSync(join(tmpdir(), 'burgee-tasks-proxy-'));

/** The pid of the instance that runs a task, as its record in the shared store says. */
function runnerOf(taskId: string): number | undefined {
  const folder = join(state, 'tasky', 'tasks');
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
    const record = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { id: string; worker?: { pid: number } };
    if (record.id === taskId) return record.worker?.pid;
  }
  return undefined;
}

describeWith(['nginx'], 'B4 · tasks behind nginx, three instances sharing the store', () => {
  let cluster: Cluster;
  let viaProxy: Client;
  let direct: Client[];
  let instances: HttpServer[];

  beforeAll(async () => {
    cluster = await startCluster(tasky, TOKEN, () => ({ XDG_STATE_HOME: state }));
    ({ viaProxy, direct, instances } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  /** The clients straight to the two instances that do not run the task. */
  const others = (taskId: string): Client[] => {
    const runner = runnerOf(taskId);
    expect(instances.map((instance) => instance.child.pid)).toContain(runner);
    return direct.filter((_, i) => instances[i]!.child.pid !== runner);
  };

  it('B4 · a task started through the proxy is polled and collected through the other instances', async () => {
    const args = { to: 8, every: 150 };
    const plain = await viaProxy.callTool({ name: 'count', arguments: args });
    const { task } = await send(viaProxy, 'tools/call', { name: 'count', arguments: args, task: {} });
    const [second, third] = others(task.taskId);
    for (const client of [second!, third!, viaProxy]) {
      const seen = await send(client, 'tasks/get', { taskId: task.taskId });
      expect(seen).toMatchObject({ taskId: task.taskId, status: 'working' });
    }
    const collected = await send(third!, 'tasks/result', { taskId: task.taskId });
    expect(collected.content).toEqual(plain.content);
    expect((await send(second!, 'tasks/get', { taskId: task.taskId })).status).toBe('completed');
    const accessLog = cluster.proxy.accessLog().filter((line) => line.startsWith('POST'));
    expect(accessLog.length).toBeGreaterThan(0);
  }, 30_000);

  it('B4 · a cancel sent to another instance stops the run where it is: its handler sees ctx.signal abort', async () => {
    const mark = join(state, 'mark');
    const { task } = await send(viaProxy, 'tools/call', {
      name: 'count',
      arguments: { to: 200, every: 100, mark },
      task: {},
    });
    const [second] = others(task.taskId);
    const cancelled = await send(second!, 'tasks/cancel', { taskId: task.taskId });
    expect(cancelled.status).toBe('cancelled');
    const end = Date.now() + 10_000;
    while (!existsSync(mark) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(mark, 'utf8')).toBe('aborted: true');
    const result = await send(viaProxy, 'tasks/result', { taskId: task.taskId });
    expect(result.isError).toBe(true);
  }, 30_000);
});
