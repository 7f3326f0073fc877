import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

// yargs keeps no record of where a value came from; burgee's envelope says it as for a native
// program (E6): typed, else the `.env()` variable when it is set, else the default.
const script = `${repoRoot}packages/burgee/test/fixtures/adapters/yargs-env.mjs`;
const provenance = async (args: string[], env: Record<string, string> = {}) => {
  const result = await runCli(script, [...args, '--json'], { env });
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as { data: unknown; meta: { provenance: unknown } };
};

describe('E6 · a burgee/yargs program reading options from the environment (.env)', () => {
  it('E6 · a value from SHIP_REGION is said to come from that variable', async () => {
    expect(await provenance(['deploy', 'prod'], { SHIP_REGION: 'us', SHIP_REPLICAS: '3' })).toEqual({
      ok: true,
      data: { target: 'prod', region: 'us', replicas: 3 },
      meta: {
        provenance: {
          region: { source: 'env', location: 'SHIP_REGION' },
          replicas: { source: 'env', location: 'SHIP_REPLICAS' },
        },
      },
    });
  });

  it('E6 · a typed flag wins over the variable, and without either the default is the source', async () => {
    const typed = await provenance(['deploy', 'prod', '--region', 'ap'], { SHIP_REGION: 'us' });
    expect(typed.meta.provenance).toEqual({ region: { source: 'flag', location: '--region' } });
    const neither = await provenance(['deploy', 'prod']);
    expect(neither.meta.provenance).toEqual({ region: { source: 'default' } });
  });

  it("S1 · --schema names each command option's variable, the program's .env() reaching its commands", async () => {
    const schema = JSON.parse((await runCli(script, ['--schema'])).stdout);
    const deploy = schema.commands.find((c: { name: string }) => c.name === 'deploy');
    expect(deploy.options.map((o: { env?: string }) => o.env)).toEqual(['SHIP_REGION', 'SHIP_REPLICAS']);
  });
});
