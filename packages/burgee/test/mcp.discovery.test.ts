// The discovery tool over the official client: what it answers is what tools/list would show in the
// same server environment (P2), with every fact of the tools in lines (N5).
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';

describe('P2 · N5 · the discovery answer is read in the server environment, as tools/list is', () => {
  const budgeted = defineProgram({
    name: 'ops',
    mcp: { toolBudget: 200 },
    commands: [
      defineCommand({
        name: 'svc',
        commands: [
          defineCommand({
            name: 'restart',
            description: 'Restart a service',
            effects: 'idempotent',
            options: {
              service: { type: 'string', required: true, env: 'OPS_SERVICE', description: 'which service' },
              token: { type: 'string', required: true, secret: true, env: 'OPS_TOKEN', description: 'API token' },
            },
            run: () => null,
          }),
        ],
      }),
    ],
  });

  it('an option its variable gives is not required there, and a secret it gives is not listed', async () => {
    const inputs = async (env: Record<string, string>) => {
      const client = await connectMcp(budgeted, { env });
      try {
        const found = await client.callTool({ name: 'discover_tools', arguments: { group: 'svc' } });
        return (found.content as { text: string }[])[0]!.text.split('\n').filter((line) => line.startsWith('- '));
      } finally {
        await client.close();
      }
    };
    expect(await inputs({})).toEqual([
      '- service (required): which service',
      "- token: API token; a secret, read from $OPS_TOKEN in the server's environment: never pass it here",
    ]);
    expect(await inputs({ OPS_SERVICE: 'api', OPS_TOKEN: 't0k' })).toEqual([
      "- service: which service; read from $OPS_SERVICE in the server's environment when not given",
    ]);
  });
});
