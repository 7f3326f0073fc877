import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, repoRoot } from './support/cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';
import { type Answer, connectStdio, type StdioServer, send, until } from './support/mcp.js';

const tasky = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-tasks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const transports: [string, () => Promise<{ client: Client; close: () => Promise<unknown> }>][] = [
  ['stdio', () => connectStdio(tasky, { env: { XDG_STATE_HOME: dir } })],
  [
    '--http',
    async () => {
      const server: HttpServer = await spawnHttp(tasky, [], { XDG_STATE_HOME: dir });
      const client = await connectHttp(server.url);
      const close = async () => {
        await client.close();
        await server.stop();
      };
      return { client, close };
    },
  ],
];

describe.each(transports)('B2 · MCP tasks, 2025-11-25, over %s, with the official client', (_, connect) => {
  let client: Client;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    ({ client, close } = await connect());
  });
  afterAll(() => close());

  it('B2 · the tool list says which tools may run as tasks, and the server advertises tasks', async () => {
    const tools = (await client.listTools()).tools;
    expect(tools.find((tool) => tool.name === 'count')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((tool) => tool.name === 'now')?.execution).toBeUndefined();
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
  });

  it('B2 · a task-augmented call of a 10-second command answers at once; status moves with progress', async () => {
    const started = performance.now();
    const created = await send(client, 'tools/call', {
      name: 'count',
      arguments: { to: 50, every: 200 },
      task: { ttl: 60_000 },
    });
    expect(performance.now() - started).toBeLessThan(200);
    const { taskId } = created.task;
    expect(created.task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 1000 });
    const moving = await until(
      () => send(client, 'tasks/get', { taskId }),
      (task) => /^\d+\/50 · counting \d+$/.test(task.statusMessage ?? ''),
    );
    expect(moving.status).toBe('working');
    expect((await send(client, 'tasks/list', {})).tasks.map((task: Answer) => task.taskId)).toContain(taskId);
    await send(client, 'tasks/cancel', { taskId });
  });

  it('B2 · tasks/result is the plain call’s result, byte for byte, and a failure ends the task failed', async () => {
    for (const args of [
      { to: 3, every: 50 },
      { to: 2, every: 50, fail: true },
    ]) {
      const plain = await client.callTool({ name: 'count', arguments: args });
      const { task } = await send(client, 'tools/call', { name: 'count', arguments: args, task: {} });
      const result = await send(client, 'tasks/result', { taskId: task.taskId });
      expect(result.content).toEqual(plain.content);
      expect(result.isError).toBe(plain.isError);
      expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
      const ended = await send(client, 'tasks/get', { taskId: task.taskId });
      expect(ended.status).toBe(plain.isError ? 'failed' : 'completed');
      if (plain.isError) expect(ended.statusMessage).toBe('could not count past 2');
    }
  });

  it('B2 · cancel ends the task cancelled, and the handler saw ctx.signal abort', async () => {
    const mark = join(dir, `mark-${Math.random().toString(36).slice(2)}`);
    const { task } = await send(client, 'tools/call', {
      name: 'count',
      arguments: { to: 100, every: 100, mark },
      task: {},
    });
    await until(
      () => send(client, 'tasks/get', { taskId: task.taskId }),
      (current) => current.statusMessage !== undefined,
    );
    const cancelled = await send(client, 'tasks/cancel', { taskId: task.taskId });
    expect(cancelled.status).toBe('cancelled');
    const end = Date.now() + 10_000;
    while (!existsSync(mark) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(mark, 'utf8')).toBe('aborted: true');
    expect((await send(client, 'tasks/get', { taskId: task.taskId })).status).toBe('cancelled');
    await expect(send(client, 'tasks/cancel', { taskId: task.taskId })).rejects.toThrow(/already ended/);
  });

  it('B2 · a task of a tool that is none, or an id that names no task, is refused', async () => {
    await expect(send(client, 'tools/call', { name: 'now', arguments: {}, task: {} })).rejects.toMatchObject({
      code: -32601,
    });
    await expect(send(client, 'tasks/get', { taskId: 'x'.repeat(43) })).rejects.toMatchObject({ code: -32602 });
  });

  it('B2 · a client that asks for no task gets the plain call', async () => {
    const plain = await client.callTool({ name: 'count', arguments: { to: 1, every: 10 } });
    expect(JSON.parse((plain.content as { text: string }[])[0]!.text)).toMatchObject({
      ok: true,
      data: { counted: 1 },
    });
  });
});

describe('B2 · where tasks are not', () => {
  let plain: StdioServer;
  let modern: StdioServer;
  beforeAll(async () => {
    plain = await connectStdio(example('deploy'));
    modern = await connectStdio(tasky, {
      env: { XDG_STATE_HOME: dir },
      client: { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    });
  });
  afterAll(async () => {
    await plain.close();
    await modern.close();
  });

  it('B2 · in 2026-07-28, for a client that does not declare the tasks extension, a task command is a plain tool and its call a plain call', async () => {
    const tools = (await modern.client.listTools()).tools;
    expect(tools.find((tool) => tool.name === 'count')).toMatchObject({ name: 'count' });
    expect(tools.find((tool) => tool.name === 'count')?.execution).toBeUndefined();
    const result = await modern.client.callTool({ name: 'count', arguments: { to: 1, every: 10 } });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text).data).toEqual({ counted: 1 });
  });

  it('B2 · a program none of whose commands is a task advertises no tasks', () => {
    expect(plain.client.getServerCapabilities()?.tasks).toBeUndefined();
  });
});
