// B4 behind the real load balancer: three `--mcp --http` instances of one program behind nginx
// (the site configuration docs/mcp-http.md shows), sharing the task store of the user's state
// folder. A task started through the proxy is polled, cancelled and collected through the others.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { connectHttp, type HttpServer } from './support/http.js';
import { send } from './support/mcp.js';
import { connectTasks } from './support/mcp-tasks-ext.js';
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

  it('B4 · a question of a task running on one instance is asked by the tasks/result another serves, and its answer completes the run', async () => {
    const asking = { capabilities: { elicitation: { form: {} } } };
    // Each asking client has a session of the instance it talks to (2025 era): the first starts the
    // task where it runs; the second, on another instance, collects it and is asked.
    const [starter, collector] = await Promise.all(
      [0, 1].map((i) => connectHttp(instances[i]!.url, { token: TOKEN, client: asking })),
    );
    try {
      const asked: { message: string; _meta?: Record<string, unknown> }[] = [];
      collector!.setRequestHandler('elicitation/create', async (request) => {
        asked.push(request.params as never);
        return { action: 'accept', content: { whom: 'grace' } } as never;
      });
      const mark = join(state, 'greeted');
      const { task } = await send(starter!, 'tools/call', { name: 'greet', arguments: { mark }, task: {} });
      expect(runnerOf(task.taskId)).toBe(instances[0]!.child.pid);
      const result = await send(collector!, 'tasks/result', { taskId: task.taskId });
      expect(asked).toHaveLength(1);
      expect(asked[0]!._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
      expect(readFileSync(mark, 'utf8')).toBe('grace');
      expect(JSON.parse(result.content[0].text).data).toEqual({ greeted: 'grace' });
      expect((await send(direct[2]!, 'tasks/get', { taskId: task.taskId })).status).toBe('completed');
    } finally {
      await Promise.all([starter!.close(), collector!.close()]);
    }
  }, 30_000);

  it('B4 · in 2026-07-28, with the official tasks client through the proxy, a task runs on one instance and is followed through the others', async () => {
    const { client, session, close } = await connectTasks({
      url: `http://127.0.0.1:${cluster.proxy.port}/mcp`,
      token: TOKEN,
    });
    try {
      const args = { to: 20, every: 150 };
      const plain = await client.callTool({ name: 'count', arguments: args });
      const before = cluster.proxy.accessLog().length;
      const execution = await session.callTool('count', args);
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle();
      expect(outcome.status).toBe('completed');
      const { resultType: _complete, ...result } = (outcome.status === 'completed' ? outcome.result : {}) as Record<
        string,
        unknown
      >;
      expect({ content: result.content, isError: result.isError ?? false }).toEqual({
        content: plain.content,
        isError: plain.isError ?? false,
      });
      // The call and its polls went through the proxy to more than one instance.
      const upstreams = new Set(
        cluster.proxy
          .accessLog()
          .slice(before)
          .map((line) => line.split(' ')[2]),
      );
      expect(upstreams.size).toBeGreaterThanOrEqual(2);
      const runner = runnerOf(execution.kind === 'task' ? execution.handle.taskId : '');
      expect(instances.map((instance) => instance.child.pid)).toContain(runner);
    } finally {
      await close();
    }
  }, 30_000);
});
