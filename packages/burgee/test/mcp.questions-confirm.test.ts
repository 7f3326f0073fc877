// Q4 over stdio and --http, in both eras: a destructive step confirmed or declined through a
// question, and M4's structuredContent on every answer of a call that asks; its own file by theme.
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, type McpAnswer } from '../src/testing/index.js';
import { envelopeOf, texts } from './support/mcp.js';
import {
  accept,
  answering,
  asking,
  cliEnvelope,
  deploy,
  eras,
  modern,
  questionTransports,
  user,
} from './support/mcp-questions.js';

const transports = questionTransports();

describe.each(transports)('Q1 · over %s', (_transport, connect) => {
  describe.each(eras)('%s', (_era, options) => {
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
