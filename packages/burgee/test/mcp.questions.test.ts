import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import { CANCELLED } from 'caique';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, type McpAnswer } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './support/http.js';
import { connectStdio, envelopeOf, foundTools, texts } from './support/mcp.js';

const ops = `${repoRoot}packages/burgee/test/fixtures/mcp-questions.mjs`;
const budgeted = `${repoRoot}packages/burgee/test/fixtures/mcp-questions-budget.mjs`;
const deploy = example('deploy');
const modern = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

type Form = { message: string; requestedSchema: { properties: Record<string, Record<string, unknown>> } };
type Answer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };
/** What the client's user does with each question, in turn; every question asked is kept. */
type User = { answers: Answer[]; asked: Form[] };

const user = (...answers: Answer[]): User => ({ answers, asked: [] });
const accept = (content: Record<string, unknown>): Answer => ({ action: 'accept', content });
const asking = (options: ClientOptions = {}): ClientOptions => ({
  ...options,
  capabilities: { elicitation: { form: {} } },
});

/** Registers the user as the client's elicitation handler (the official client's own path, both eras). */
function answering(client: Client, who: User): Client {
  client.setRequestHandler('elicitation/create', async (request) => {
    who.asked.push(request.params as unknown as Form);
    return (who.answers.shift() ?? { action: 'cancel' }) as never;
  });
  return client;
}

type Connect = (script: string, options: ClientOptions) => Promise<{ client: Client; close: () => Promise<unknown> }>;
const servers: HttpServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});
const transports: ReadonlyArray<readonly [string, Connect]> = [
  ['stdio', (script, client) => connectStdio(script, { client })],
  [
    '--http',
    async (script, options) => {
      const server = await spawnHttp(script);
      servers.push(server);
      const client = await connectHttp(server.url, { client: options });
      return { client, close: () => client.close() };
    },
  ],
];
const eras: ReadonlyArray<readonly [string, ClientOptions]> = [
  ['2025 era', {}],
  ['2026-07-28', modern],
];

const cliEnvelope = async (script: string, args: string[]) =>
  (await runCli(script, [...args, '--json'])).stdout.trimEnd();
const ROLLBACK = [
  'rollback',
  '--service',
  'api',
  '--reason',
  'bad deploy',
  '--replicas',
  '4',
  '--regions',
  'eu',
  '--regions',
  'us',
];
const ANSWERS = { service: 'api', reason: 'bad deploy', replicas: 4, regions: ['eu', 'us'] };

describe.each(transports)('Q1 · over %s', (transport, connect) => {
  describe.each(eras)('%s', (_era, options) => {
    let refusal: string;
    beforeAll(async () => {
      refusal = await cliEnvelope(ops, ['rollback']);
    });

    it('Q1 · asked, answered: the same data as the CLI run with the flags', async () => {
      const who = user(accept(ANSWERS));
      const { client, close } = await connect(ops, asking(options));
      try {
        answering(client, who);
        const result = await client.callTool({ name: 'rollback', arguments: {} });
        const cli = JSON.parse(await cliEnvelope(ops, ROLLBACK));
        expect(envelopeOf(result)).toMatchObject({ ok: true, data: cli.data });
        const provenance = (envelopeOf(result) as { meta: { provenance: object } }).meta.provenance;
        expect(provenance).toEqual({
          service: { source: 'prompt' },
          reason: { source: 'prompt' },
          replicas: { source: 'prompt' },
          regions: { source: 'prompt' },
        });
        expect(who.asked).toHaveLength(1);
        const form = who.asked[0]!;
        expect(form.message).toBe('ops rollback: Which service? Why roll back? How many replicas? Which regions?');
        expect(form.requestedSchema.properties.service).toMatchObject({
          type: 'string',
          title: '--service',
          enum: ['api', 'web'],
        });
        expect(form.requestedSchema.properties.replicas).toMatchObject({ type: 'integer', minimum: 2, maximum: 8 });
        expect(form.requestedSchema.properties.regions).toMatchObject({ type: 'array', items: { enum: ['eu', 'us'] } });
      } finally {
        await close();
      }
    });

    it('Q3 · declined or cancelled: the exit-4 envelope a person’s Esc gives', async () => {
      const who = user({ action: 'decline' }, { action: 'cancel' });
      const { client, close } = await connect(ops, asking(options));
      try {
        answering(client, who);
        for (let i = 0; i < 2; i++) {
          const result = await client.callTool({ name: 'rollback', arguments: { service: 'web' } });
          expect(result.isError).toBe(true);
          expect(texts(result).envelope).toBe(
            JSON.stringify({ ok: false, error: { code: 4, message: CANCELLED.message } }),
          );
        }
        // Only what was missing is asked: the service came as an argument.
        expect(Object.keys(who.asked[0]!.requestedSchema.properties)).toEqual(['reason', 'replicas', 'regions']);
      } finally {
        await close();
      }
    });

    it('Q5 · a client that declared no elicitation: today’s refusal byte for byte, and the option required in tools/list', async () => {
      const { client, close } = await connect(ops, options);
      try {
        const result = await client.callTool({ name: 'rollback', arguments: {} });
        expect(texts(result).envelope).toBe(refusal);
        const { tools } = await client.listTools();
        const schema = tools.find((tool) => tool.name === 'rollback')!.inputSchema;
        expect(schema.required).toEqual(['service', 'reason', 'replicas', 'regions']);
      } finally {
        await close();
      }
    });

    it('Q5 · for a client that can be asked, tools/list makes the asked options optional (a secret stays required)', async () => {
      const { client, close } = await connect(ops, asking(options));
      try {
        const { tools } = await client.listTools();
        expect(tools.find((tool) => tool.name === 'rollback')!.inputSchema.required).toEqual([]);
        expect(tools.find((tool) => tool.name === 'login')!.inputSchema.required).toEqual(['token']);
      } finally {
        await close();
      }
    });

    it(`Q5 · M2 · a tool found through discover_tools is shown as in tools/list: asked options optional for a client that can be asked, required for one that cannot`, async () => {
      const everyAsked = ['service', 'reason', 'replicas', 'regions'];
      for (const [client, asked] of [
        [options, false],
        [asking(options), true],
      ] as const) {
        const connection = await connect(budgeted, client);
        try {
          const { tools: before } = await connection.client.listTools();
          expect(before.map((tool) => tool.name)).not.toContain('svc_rollback');
          const found = await connection.client.callTool({ name: 'discover_tools', arguments: { group: 'svc' } });
          const required = (name: string): string[] => {
            const tool = foundTools(found).find((each) => each.name === name)!;
            return [...tool.inputs].filter(([, notes]) => notes.split('; ').includes('required')).map(([key]) => key);
          };
          expect(required('svc_rollback')).toEqual(asked ? [] : everyAsked);
          // A secret is never asked, so it stays required (Q2).
          expect(required('svc_login')).toEqual(asked ? ['token'] : ['user', 'token']);
          // A stdio connection lists the found tools from then on, as the answer showed them (stateless
          // HTTP has no connection to remember them by).
          if (transport === 'stdio') {
            const { tools: after } = await connection.client.listTools();
            expect(after.find((tool) => tool.name === 'svc_rollback')!.inputSchema.required).toEqual(
              asked ? [] : everyAsked,
            );
          }
        } finally {
          await connection.close();
        }
      }
    });

    it('Q2 · a secret option is refused as today, never asked by form', async () => {
      const who = user(accept({ user: 'ada', token: 'hunter2' }));
      const { client, close } = await connect(ops, asking(options));
      try {
        answering(client, who);
        const result = await client.callTool({ name: 'login', arguments: {} });
        expect(texts(result).envelope).toBe(await cliEnvelope(ops, ['login']));
        expect(who.asked).toEqual([]);
      } finally {
        await close();
      }
    });

    it('Q1 · P6 · a refused answer is asked again, with the flag’s own message', async () => {
      const who = user(accept({ ...ANSWERS, replicas: 9 }), accept({ replicas: 3 }), accept({ replicas: 6 }));
      const { client, close } = await connect(ops, asking(options));
      try {
        answering(client, who);
        const result = await client.callTool({ name: 'rollback', arguments: {} });
        expect(envelopeOf(result)).toMatchObject({ ok: true, data: { ...ANSWERS, replicas: 6 } });
        expect(who.asked.map((form) => form.message.split('\n')[0])).toEqual([
          'ops rollback: Which service? Why roll back? How many replicas? Which regions?',
          '--replicas must be at most 8; got 9',
          '--replicas: must be even, got 3',
        ]);
        expect(Object.keys(who.asked[1]!.requestedSchema.properties)).toEqual(['replicas']);
      } finally {
        await close();
      }
    });

    it('Q4 · a destructive example command confirmed through a question runs its next step', async () => {
      const who = user(accept({ confirm: true }));
      const { client, close } = await connect(deploy, asking(options));
      try {
        answering(client, who);
        const result = await client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
        const cli = JSON.parse(await cliEnvelope(deploy, ['deploy', '--target', 'prod', '--yes']));
        expect(envelopeOf(result)).toEqual(cli);
        expect(who.asked).toHaveLength(1);
        expect(who.asked[0]!.message).toBe(
          'deploying to prod needs confirmation\nConfirming runs: tool deploy --target prod --yes',
        );
        expect(who.asked[0]!.requestedSchema.properties.confirm).toMatchObject({ type: 'boolean' });
      } finally {
        await close();
      }
    });

    it('Q4 · declined (no, decline, cancel): today’s exit-4 envelope with next[], byte for byte', async () => {
      const who = user(accept({ confirm: false }), { action: 'decline' }, { action: 'cancel' });
      const today = await cliEnvelope(deploy, ['deploy', '--target', 'prod']);
      const plain = await connect(deploy, options);
      const unasked = await plain.client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
      await plain.close();
      // Its next step carries the tool call (Q6): what a client that cannot be asked gets.
      expect(unasked.structuredContent).toMatchObject({
        next: [{ tool: 'deploy', arguments: { target: 'prod', yes: true } }],
      });
      const { client, close } = await connect(deploy, asking(options));
      try {
        answering(client, who);
        for (let i = 0; i < 3; i++) {
          const result = await client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
          expect(texts(result).envelope).toBe(today);
          expect(result.structuredContent).toEqual(unasked.structuredContent);
          expect(result.isError).toBe(true);
        }
        expect(who.asked).toHaveLength(3);
      } finally {
        await close();
      }
    });
  });
});

describe('M4 · Q3 · Q4 · a tool with an outputSchema: every answer of a call that asks carries structuredContent', () => {
  const program = defineProgram({
    name: 'vault',
    commands: [
      defineCommand({
        name: 'wipe',
        description: 'Wipe a shelf',
        effects: 'non_idempotent',
        options: {
          shelf: { type: 'string', description: 'which shelf', prompt: { message: 'Which shelf?' } },
          yes: { type: 'boolean', env: false, description: 'confirm' },
        },
        output: { type: 'object', properties: { wiped: { type: 'string' } }, required: ['wiped'] },
        run: (ctx) => {
          if (!ctx.options.yes) {
            const again = ['wipe', '--shelf', String(ctx.options.shelf), '--yes'];
            ctx.actionRequired({ reason: 'confirm', message: 'sure?', next: [{ argv: again }] });
          }
          return { wiped: String(ctx.options.shelf) };
        },
      }),
    ],
  });
  const eras = [
    ['2025 era (asked during the call)', {}],
    ['2026-07-28 (InputRequiredResult, retried by the client)', { client: modern }],
  ] as const;

  it.each(eras)(
    'M4 · %s: a declined question and a confirmed step, each with structuredContent',
    async (_, options) => {
      const answers: McpAnswer[] = [
        { action: 'decline' },
        { action: 'accept', content: { shelf: 'top' } },
        { action: 'accept', content: { confirm: true } },
      ];
      const client = await connectMcp(program, { ...options, answer: () => answers.shift() ?? { action: 'cancel' } });
      try {
        const declined = await client.callTool({ name: 'wipe', arguments: {} });
        expect(declined.isError).toBe(true);
        expect(declined.structuredContent).toStrictEqual(JSON.parse(texts(declined).envelope));
        // The official client refuses a success without structuredContent from a tool with an outputSchema.
        const done = await client.callTool({ name: 'wipe', arguments: {} });
        expect(done).toMatchObject({ isError: false, structuredContent: { ok: true, data: { wiped: 'top' } } });
        expect(answers).toEqual([]);
      } finally {
        await client.close();
      }
    },
  );
});
