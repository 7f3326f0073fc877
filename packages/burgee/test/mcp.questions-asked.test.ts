// Q1, Q2, Q3 over stdio and --http, in both eras: a question asked and answered, declined or
// cancelled, asked again after a refused answer, never asked for a secret; its own file by theme.
import { CANCELLED } from 'caique';
import { describe, expect, it } from 'vitest';
import { envelopeOf, texts } from './support/mcp.js';
import {
  ANSWERS,
  accept,
  answering,
  asking,
  cliEnvelope,
  eras,
  ops,
  questionTransports,
  ROLLBACK,
  user,
} from './support/mcp-questions.js';

const transports = questionTransports();

describe.each(transports)('Q1 · over %s', (_transport, connect) => {
  describe.each(eras)('%s', (_era, options) => {
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
  });
});
