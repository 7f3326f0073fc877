import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskView } from '@modelcontextprotocol/ext-tasks/client';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { type HttpServer, spawnHttp } from './support/http.js';
import { send, spawnRaw } from './support/mcp.js';
import { type AnswerQuestion, connectTasks, type TaskClient } from './support/mcp-tasks-ext.js';

// B2 in MCP 2026-07-28, where tasks are the extension io.modelcontextprotocol/tasks: the server
// decides to answer a call with a task, tasks/get carries the status, the result or the open
// question, tasks/update answers the question, tasks/cancel asks for the end. The client is the
// official one of the extension (@modelcontextprotocol/ext-tasks) over the official SDK client.

const tasky = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-tasks-2026-'));
const env = { XDG_STATE_HOME: dir };
const servers: HttpServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Connect = (answer?: AnswerQuestion) => Promise<TaskClient>;
const transports: [string, Connect][] = [
  ['stdio', (answer) => connectTasks({ script: tasky, env }, answer)],
  [
    '--http',
    async (answer) => {
      const server = await spawnHttp(tasky, [], env);
      servers.push(server);
      return connectTasks({ url: server.url }, answer);
    },
  ],
];

/** The text of a tool result's first item, and its isError: what a caller compares. */
const shown = (result: unknown) => {
  const { content, isError } = result as { content: unknown; isError?: boolean };
  return { content, isError: isError ?? false };
};

describe.each(transports)('B2 · MCP tasks, 2026-07-28, over %s, with the official tasks client', (_, connect) => {
  it('B2 · the server declares the extension; a call of a 10-second command answers with a task at once, whose status moves with progress', async () => {
    const { client, session, close } = await connect();
    try {
      expect(client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} });
      const mark = join(dir, `count-${Math.random()}`);
      // The session reads the tool list before its first call: a plain call first, so the time below
      // is the task call's alone.
      expect((await session.callTool('now', {})).kind).toBe('immediate');
      const started = performance.now();
      const execution = await session.callTool('count', { to: 50, every: 200, mark });
      expect(performance.now() - started).toBeLessThan(200);
      expect(execution.kind).toBe('task');
      const seen: TaskView[] = [];
      for await (const event of execution.updates()) {
        if (event.type === 'task') seen.push(event.task);
        if (seen.some((task) => /^\d+\/50 · counting \d+$/.test(task.statusMessage ?? ''))) break;
      }
      expect(seen.at(-1)).toMatchObject({ status: 'working' });
      await execution.cancel();
      const { outcome } = await execution.settle();
      expect(outcome.status).toBe('cancelled');
      const end = Date.now() + 10_000;
      while (!existsSync(mark) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readFileSync(mark, 'utf8')).toBe('aborted: true');
    } finally {
      await close();
    }
  });

  it('B2 · the task’s result is the plain call’s, byte for byte; a tool error completes the task, as this revision says', async () => {
    const { client, session, close } = await connect();
    try {
      for (const args of [
        { to: 3, every: 50 },
        { to: 2, every: 50, fail: true },
      ]) {
        const plain = await client.callTool({ name: 'count', arguments: args });
        const execution = await session.callTool('count', args);
        expect(execution.kind).toBe('task');
        const { outcome } = await execution.settle();
        expect(outcome.status).toBe('completed');
        expect(shown(outcome.status === 'completed' ? outcome.result : undefined)).toEqual(shown(plain));
      }
    } finally {
      await close();
    }
  });

  it('B2 · a question moves the task to input_required; the answer sent with tasks/update completes it', async () => {
    const asked: Record<string, unknown>[] = [];
    const { client, session, close } = await connect((params) => {
      asked.push(params);
      return { action: 'accept', content: { whom: 'ada' } };
    });
    try {
      // The plain call asks through the SDK client's own handler (2026-07-28's input_required).
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { whom: 'ada' } }));
      const mark = join(dir, `greet-${Math.random()}`);
      const plain = await client.callTool({ name: 'greet', arguments: { mark } });
      rmSync(mark);
      const execution = await session.callTool('greet', { mark });
      expect(execution.kind).toBe('task');
      const statuses: string[] = [];
      const { outcome } = await execution.settle({
        onEvent: (event) => {
          if (event.type === 'task') statuses.push(event.task.status);
        },
      });
      expect(statuses).toContain('input_required');
      expect(asked.at(-1)).toMatchObject({ mode: 'form', message: expect.stringContaining('Whom shall I greet?') });
      expect(readFileSync(mark, 'utf8')).toBe('ada');
      expect(outcome.status).toBe('completed');
      expect(shown(outcome.status === 'completed' ? outcome.result : undefined)).toEqual(shown(plain));
    } finally {
      await close();
    }
  });

  it('B2 · task methods from a request that does not declare the extension are refused with -32021', async () => {
    const { client, close } = await connect();
    try {
      await expect(send(client, 'tasks/get', { taskId: 'x'.repeat(43) })).rejects.toMatchObject({ code: -32021 });
      // Without the extension, a task command's call is the plain call.
      const result = await client.callTool({ name: 'count', arguments: { to: 1, every: 10 } });
      expect(JSON.parse((result.content as { text: string }[])[0]!.text).data).toEqual({ counted: 1 });
    } finally {
      await close();
    }
  });
});

describe('B2 · a command that runs only as a task', () => {
  it('B2 · is refused to a 2026-07-28 client that does not declare the extension (-32021), and runs as a task for one that does', async () => {
    const { client, session, close } = await connectTasks({ script: tasky, env: { ...env, TASKY_REQUIRED: '1' } });
    try {
      await expect(client.callTool({ name: 'count', arguments: { to: 1, every: 10 } })).rejects.toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      });
      const execution = await session.callTool('count', { to: 1, every: 10 });
      expect(execution.kind).toBe('task');
      expect((await execution.settle()).outcome.status).toBe('completed');
    } finally {
      await close();
    }
  });
});

describe('B2 · the answer on the wire (2026-07-28)', () => {
  it('B2 · a call answered with a task is exactly a CreateTaskResult: resultType "task" and the task, nothing of a tool result', async () => {
    const server = spawnRaw(tasky, env);
    try {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      };
      const params = { name: 'count', arguments: { to: 1, every: 10 }, _meta: meta };
      server.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }));
      const { result } = (await server.response(1)) as { result: Record<string, unknown> };
      expect(Object.keys(result).sort()).toEqual(
        ['_meta', 'createdAt', 'lastUpdatedAt', 'pollIntervalMs', 'resultType', 'status', 'taskId', 'ttlMs'].sort(),
      );
      expect(result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 1000 });
    } finally {
      await server.close();
    }
  });
});
