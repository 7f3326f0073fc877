import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { type Answer, connectStdio, send, until } from './support/mcp.js';

// B2 (2025-11-25): a question the run of a task asks moves the task to input_required; the client's
// tasks/result is where the server asks it (elicitation/create, named as the task's), and the answer
// lets the run go on to the end.

const tasky = join(repoRoot, 'packages/burgee/test/fixtures/tasks.mjs');
const dir = mkdtempSync(join(tmpdir(), 'burgee-mcp-task-questions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { XDG_STATE_HOME: dir };
const RELATED = 'io.modelcontextprotocol/related-task';

type Reply = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };
type Connect = (options: ClientOptions) => Promise<{ client: Client; close: () => Promise<unknown> }>;

const transports: [string, Connect][] = [
  ['stdio', (client) => connectStdio(tasky, { env, client })],
  [
    '--http',
    async (options) => {
      const server = await spawnHttp(tasky, [], env);
      const client = await connectHttp(server.url, { client: options });
      const close = async () => {
        await client.close();
        await server.stop();
      };
      return { client, close };
    },
  ],
];

const asking: ClientOptions = { capabilities: { elicitation: { form: {} } } };

/** The client's user: answers each question with the next reply, and keeps what it was asked. */
function user(client: Client, ...replies: Reply[]): Answer[] {
  const asked: Answer[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params as Answer);
    return (replies.shift() ?? { action: 'cancel' }) as never;
  });
  return asked;
}

/** Every byte the task store holds, so a test can tell an answer did not stay in it. */
const stored = () => {
  const folder = join(dir, 'tasky', 'tasks');
  return readdirSync(folder)
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
};

describe.each(transports)('B2 · a task’s question, 2025-11-25, over %s, with the official client', (_, connect) => {
  it('B2 · the question moves the task to input_required; tasks/result asks it, named as the task’s, and the answer completes it', async () => {
    const { client, close } = await connect(asking);
    try {
      const asked = user(
        client,
        { action: 'accept', content: { whom: 'ada' } },
        { action: 'accept', content: { whom: 'ada' } },
      );
      const mark = join(dir, `greet-${Math.random()}`);
      const plain = await client.callTool({ name: 'greet', arguments: { mark } });
      expect(readFileSync(mark, 'utf8')).toBe('ada');

      rmSync(mark);
      const { task } = await send(client, 'tools/call', { name: 'greet', arguments: { mark }, task: {} });
      const { taskId } = task;
      const waiting = await until(
        () => send(client, 'tasks/get', { taskId }),
        (current) => current.status !== 'working',
      );
      expect(waiting.status).toBe('input_required');
      expect(asked).toHaveLength(1);

      const result = await send(client, 'tasks/result', { taskId });
      expect(asked).toHaveLength(2);
      expect(asked[1]!._meta?.[RELATED]).toEqual({ taskId });
      const { _meta: _task, ...form } = asked[1]!;
      expect(form).toEqual(asked[0]);
      expect(waiting.statusMessage).toBe(asked[1]!.message);
      expect(readFileSync(mark, 'utf8')).toBe('ada');

      expect(result._meta).toEqual({ [RELATED]: { taskId } });
      expect({ content: result.content, isError: result.isError }).toEqual({
        content: plain.content,
        isError: plain.isError,
      });
      expect((await send(client, 'tasks/get', { taskId })).status).toBe('completed');
      // The question and its answer left the store as soon as the run had the answer.
      expect(stored()).not.toContain('"question"');
    } finally {
      await close();
    }
  });

  it('B2 · a declined question ends the task as the plain call ends: the exit-4 envelope, the task failed', async () => {
    const { client, close } = await connect(asking);
    try {
      user(client, { action: 'decline' }, { action: 'decline' });
      const mark = join(dir, `greet-${Math.random()}`);
      const plain = await client.callTool({ name: 'greet', arguments: { mark } });
      const { task } = await send(client, 'tools/call', { name: 'greet', arguments: { mark }, task: {} });
      await until(
        () => send(client, 'tasks/get', { taskId: task.taskId }),
        (current) => current.status === 'input_required',
      );
      const result = await send(client, 'tasks/result', { taskId: task.taskId });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual(plain.content);
      expect(JSON.parse(result.content[0].text).error).toMatchObject({ code: 4, message: 'cancelled at the prompt' });
      const ended = await send(client, 'tasks/get', { taskId: task.taskId });
      expect(ended).toMatchObject({ status: 'failed', statusMessage: 'cancelled at the prompt' });
    } finally {
      await close();
    }
  });

  it('B2 · a task cancelled while it waits on an answer ends cancelled, and the question is asked no more', async () => {
    const { client, close } = await connect(asking);
    try {
      const asked = user(client);
      const mark = join(dir, `greet-${Math.random()}`);
      const { task } = await send(client, 'tools/call', { name: 'greet', arguments: { mark }, task: {} });
      const { taskId } = task;
      await until(
        () => send(client, 'tasks/get', { taskId }),
        (current) => current.status === 'input_required',
      );
      expect((await send(client, 'tasks/cancel', { taskId })).status).toBe('cancelled');
      const result = await send(client, 'tasks/result', { taskId });
      expect(asked).toEqual([]);
      expect(result.isError).toBe(true);
      expect((await send(client, 'tasks/get', { taskId })).status).toBe('cancelled');
      expect(stored()).not.toContain('"question"');
    } finally {
      await close();
    }
  });

  it('B2 · a client that cannot be asked gets the plain call’s answer: no input_required, the envelope naming the flag', async () => {
    const { client, close } = await connect({});
    try {
      const mark = join(dir, `greet-${Math.random()}`);
      const plain = await client.callTool({ name: 'greet', arguments: { mark } });
      const { task } = await send(client, 'tools/call', { name: 'greet', arguments: { mark }, task: {} });
      const result = await send(client, 'tasks/result', { taskId: task.taskId });
      expect(result.content).toEqual(plain.content);
      expect(result.isError).toBe(true);
      // The failed task's status says what the envelope says.
      const { error } = JSON.parse((plain.content as { text: string }[])[0]!.text);
      expect(error.message).toBe('--whom is required when nobody is there to answer');
      expect(await send(client, 'tasks/get', { taskId: task.taskId })).toMatchObject({
        status: 'failed',
        statusMessage: error.message,
      });
    } finally {
      await close();
    }
  });
});
