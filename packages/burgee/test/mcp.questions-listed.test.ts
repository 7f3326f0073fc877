// Q5 over stdio and --http, in both eras: what tools/list and discover_tools show of the options
// a question could ask, for a client that can be asked and one that cannot; its own file by theme.
import { beforeAll, describe, expect, it } from 'vitest';
import { foundTools, texts } from './support/mcp.js';
import { asking, budgeted, cliEnvelope, eras, ops, questionTransports } from './support/mcp-questions.js';

const transports = questionTransports();

describe.each(transports)('Q1 · over %s', (transport, connect) => {
  describe.each(eras)('%s', (_era, options) => {
    let refusal: string;
    beforeAll(async () => {
      refusal = await cliEnvelope(ops, ['rollback']);
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
  });
});
