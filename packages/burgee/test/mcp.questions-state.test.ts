import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { program as deployProgram } from '../../../examples/deploy/cli.mjs';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';
import { program as opsProgram } from './fixtures/mcp-questions.mjs';
import { example, repoRoot, runCli } from './support/cli.js';
import { bin } from './support/dev.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';
import { childEnv, connectStdio, envelopeOf, texts } from './support/mcp.js';

const ops = `${repoRoot}packages/burgee/test/fixtures/mcp-questions.mjs`;

/** A 2026-07-28 client in manual mode: it hands back each InputRequiredResult instead of answering it. */
const manual: ClientOptions = {
  versionNegotiation: { mode: { pin: '2026-07-28' } },
  capabilities: { elicitation: { form: {} } },
  inputRequired: { autoFulfill: false },
};

type InputRequired = { resultType: 'input_required'; inputRequests: Record<string, unknown>; requestState: string };
type Retry = { inputResponses?: Record<string, unknown>; requestState?: string };

/** One leg of the multi-round-trip flow, by hand: the call with what a retry carries. */
const call = (client: Client, name: string, args: Record<string, unknown>, retry: Retry = {}) =>
  client.callTool({ name, arguments: args, ...retry } as never, { allowInputRequired: true }) as Promise<
    InputRequired | { structuredContent?: Record<string, unknown>; content: { type: 'text'; text: string }[] }
  >;

const ANSWERS = { service: 'api', reason: 'bad deploy', replicas: 4, regions: ['eu'] };
const accepted = (content: Record<string, unknown>) => ({ answers: { action: 'accept', content } });

describe('Q1 · 2026-07-28: the requestState is bound to the call and signed', () => {
  let client: Client;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    ({ client, close } = await connectStdio(ops, { client: manual }));
  });
  afterAll(() => close());

  it('Q1 · the first call answers with an InputRequiredResult; its retry with the answers runs the command', async () => {
    const first = (await call(client, 'rollback', {})) as InputRequired;
    expect(first.resultType).toBe('input_required');
    expect(Object.keys(first.inputRequests)).toEqual(['answers']);
    const done = await call(
      client,
      'rollback',
      {},
      { inputResponses: accepted(ANSWERS), requestState: first.requestState },
    );
    expect(envelopeOf(done)).toMatchObject({ ok: true, data: ANSWERS });
  });

  it('Q1 · a tampered requestState is refused with a JSON-RPC error saying why', async () => {
    const first = (await call(client, 'rollback', {})) as InputRequired;
    const [body, mac] = first.requestState.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    payload.asked.given = { service: 'web' };
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    for (const state of [forged, `${first.requestState}x`, 'not a state', '']) {
      await expect(
        call(client, 'rollback', {}, { inputResponses: accepted(ANSWERS), requestState: state }),
      ).rejects.toThrow(/requestState was altered or issued by another server/);
    }
  });

  it('Q1 · a requestState replayed for other arguments (or another tool) is refused', async () => {
    const first = (await call(client, 'rollback', { service: 'api' })) as InputRequired;
    const retry = { inputResponses: accepted(ANSWERS), requestState: first.requestState };
    await expect(call(client, 'rollback', { service: 'web' }, retry)).rejects.toThrow(/issued for another call/);
    await expect(call(client, 'login', {}, retry)).rejects.toThrow(/issued for another call/);
    // The same arguments in another key order are the same call.
    const twoArgs = (await call(client, 'rollback', { service: 'api', reason: 'x' })) as InputRequired;
    const answers = { inputResponses: accepted({ replicas: 2, regions: ['us'] }), requestState: twoArgs.requestState };
    const done = await call(client, 'rollback', { reason: 'x', service: 'api' }, answers);
    expect(envelopeOf(done)).toMatchObject({ ok: true, data: { service: 'api', reason: 'x', replicas: 2 } });
  });

  it('Q1 · inputResponses under a wrong key, or missing answers, get a new InputRequiredResult asking again', async () => {
    const first = (await call(client, 'rollback', {})) as InputRequired;
    const wrongKey = { inputResponses: { other: accepted(ANSWERS).answers }, requestState: first.requestState };
    const again = (await call(client, 'rollback', {}, wrongKey)) as InputRequired;
    expect(again.resultType).toBe('input_required');
    const partial = { inputResponses: accepted({ service: 'web' }), requestState: again.requestState };
    const rest = (await call(client, 'rollback', {}, partial)) as InputRequired;
    expect(rest.resultType).toBe('input_required');
    const form = (rest.inputRequests.answers as { params: { requestedSchema: { properties: object } } }).params;
    expect(Object.keys(form.requestedSchema.properties)).toEqual(['reason', 'replicas', 'regions']);
    // The answer given before is kept in the signed state: the last form asks only for the rest.
    const last = {
      inputResponses: accepted({ reason: 'r', replicas: 2, regions: ['us'] }),
      requestState: rest.requestState,
    };
    expect(envelopeOf(await call(client, 'rollback', {}, last))).toMatchObject({
      ok: true,
      data: { service: 'web', reason: 'r', replicas: 2, regions: ['us'] },
    });
  });
});

describe('Q1 · behind a load balancer: instances that share BURGEE_MCP_STATE_KEY accept each other’s states', () => {
  const shared = { BURGEE_MCP_STATE_KEY: 'k'.repeat(40) };
  const servers: HttpServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('Q1 · asked by one instance, answered at another; a server with its own key refuses the state', async () => {
    for (const env of [shared, shared, {}]) servers.push(await spawnHttp(ops, [], env));
    const [a, b, other] = await Promise.all(servers.map((s) => connectHttp(s.url, { client: manual })));
    try {
      const first = (await call(a!, 'rollback', {})) as InputRequired;
      const retry = { inputResponses: accepted(ANSWERS), requestState: first.requestState };
      expect(envelopeOf(await call(b!, 'rollback', {}, retry))).toMatchObject({ ok: true, data: ANSWERS });
      await expect(call(other!, 'rollback', {}, retry)).rejects.toThrow(/issued by another server/);
    } finally {
      await Promise.all([a, b, other].map((client) => client!.close()));
    }
  });

  it('Q1 · a shared key shorter than 32 characters stops the server at start (exit 3, naming the variable)', async () => {
    const result = await runCli(ops, ['--mcp'], { env: { BURGEE_MCP_STATE_KEY: 'short' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/BURGEE_MCP_STATE_KEY is 5 characters; a shared key needs at least 32/);
  });
});

describe('Q4 · 2026-07-28 confirmation by hand', () => {
  it('Q4 · yes runs the next step; no, or another call’s state, does not', async () => {
    const { client, close } = await connectStdio(example('deploy'), { client: manual });
    try {
      const first = (await call(client, 'deploy', { target: 'prod' })) as InputRequired;
      expect(Object.keys(first.inputRequests)).toEqual(['confirm']);
      const yes = {
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: first.requestState,
      };
      expect(envelopeOf(await call(client, 'deploy', { target: 'prod' }, yes))).toMatchObject({
        ok: true,
        data: { target: 'prod' },
      });
      await expect(call(client, 'deploy', { target: 'staging' }, yes)).rejects.toThrow(/issued for another call/);
      // A confirmation is good for one retry: replayed, it deploys nothing more (probe: confirm-replay).
      for (let replay = 0; replay < 3; replay++) {
        await expect(call(client, 'deploy', { target: 'prod' }, yes)).rejects.toThrow(/used already/);
      }
      const second = (await call(client, 'deploy', { target: 'prod' })) as InputRequired;
      const no = { inputResponses: { confirm: { action: 'decline' } }, requestState: second.requestState };
      const declined = (await call(client, 'deploy', { target: 'prod' }, no)) as {
        content: { text: string }[];
        structuredContent: object;
      };
      const today = (await runCli(example('deploy'), ['deploy', '--target', 'prod', '--json'])).stdout.trimEnd();
      expect(texts(declined).envelope).toBe(today);
      // The next step keeps its tool call, as without the question (Q6).
      expect(declined.structuredContent).toMatchObject({
        next: [{ tool: 'deploy', arguments: { target: 'prod', yes: true } }],
      });
    } finally {
      await close();
    }
  });
});

describe('Q1 · Q4 · defineProgram({ mcp: { ask: false } }) asks nobody', () => {
  it('Q1 · Q4 · with ask: false, a client that can be asked gets the refusal and the exit-4 envelope, and required stays', async () => {
    const asked: unknown[] = [];
    const quiet = defineProgram({
      name: 'tool',
      mcp: { ask: false },
      commands: [
        ...deployProgram.commands,
        defineCommand({
          name: 'greet',
          effects: 'read_only',
          options: { name: { type: 'string', prompt: { message: 'Name?' } } },
          run: (ctx) => ctx.options.name,
        }),
      ],
    });
    const client = await connectMcp(quiet, {
      answer: (question) => {
        asked.push(question);
        return { action: 'accept', content: { confirm: true, name: 'ada' } };
      },
    });
    try {
      const greet = await client.callTool({ name: 'greet', arguments: {} });
      expect(envelopeOf(greet)).toMatchObject({ ok: false, error: { code: 2, message: /--name is required/ } });
      const deploy = await client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
      expect(envelopeOf(deploy)).toMatchObject({ ok: false, status: 'action_required' });
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'greet')!.inputSchema.required).toEqual(['name']);
      expect(asked).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('Q3 · M6 · a client that never answers: the call’s timeout', () => {
  it('Q3 · M6 · 2025 era: no answer within BURGEE_MCP_TIMEOUT_MS is the timed-out envelope, and the server goes on', async () => {
    const { client, close } = await connectStdio(ops, {
      env: { BURGEE_MCP_TIMEOUT_MS: '400' },
      client: { capabilities: { elicitation: { form: {} } } },
    });
    try {
      client.setRequestHandler('elicitation/create', () => new Promise(() => {}));
      const result = await client.callTool({ name: 'rollback', arguments: {} });
      expect(envelopeOf(result)).toMatchObject({ ok: false, error: { code: 1, message: /within 400 ms/ } });
      const after = await client.callTool({ name: 'login', arguments: { user: 'ada', token: 't' } });
      expect(envelopeOf(after)).toMatchObject({ ok: true, data: { user: 'ada' } });
    } finally {
      await close();
    }
  });
});

describe('M8 · Q1 · burgee dev serves questions too', () => {
  it.each([
    ['2025 era', {}],
    ['2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
  ] as const)(
    'M8 · Q1 · %s: a call to `burgee dev <entry>` missing prompt answers is asked and runs',
    async (_, era) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'dev', ops],
        env: childEnv(),
        cwd: repoRoot,
        stderr: 'pipe',
      });
      const client = new Client(
        { name: 'burgee-tests', version: '1.0.0' },
        { ...era, capabilities: { elicitation: { form: {} } } },
      );
      const asked: string[] = [];
      client.setRequestHandler('elicitation/create', async (request) => {
        asked.push(request.params.message);
        return { action: 'accept', content: ANSWERS };
      });
      await client.connect(transport);
      try {
        const result = await client.callTool({ name: 'rollback', arguments: {} });
        expect(envelopeOf(result)).toMatchObject({ ok: true, data: ANSWERS });
        expect(asked).toEqual(['ops rollback: Which service? Why roll back? How many replicas? Which regions?']);
      } finally {
        await client.close();
      }
    },
  );
});

describe('Q1 · P6 · answers refused time after time', () => {
  it('Q1 · P6 · 2025 era: after four forms the call is refused with the flag’s own message (exit 2); each form asked only the bad field', async () => {
    const asked: string[][] = [];
    const client = await connectMcp(opsProgram, {
      answer: (question) => {
        asked.push(Object.keys(question.requestedSchema.properties));
        return { action: 'accept', content: { service: 'api', reason: 'r', regions: ['eu'], replicas: 'four' } };
      },
    });
    try {
      const result = await client.callTool({ name: 'rollback', arguments: {} });
      expect(envelopeOf(result)).toEqual({
        ok: false,
        error: {
          code: 2,
          message: '--replicas expects a number, got "four"',
          hint: 'pass the values as arguments',
        },
      });
      expect(asked).toEqual([['service', 'reason', 'replicas', 'regions'], ['replicas'], ['replicas'], ['replicas']]);
    } finally {
      await client.close();
    }
  });
});
