import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { runPair, writePairs } from './support/differential.js';
import { connectStdio, texts } from './support/mcp.js';

// A CommonJS program (`.cjs`) requires burgee/commander and burgee/yargs as it required the host
// libraries (F1, F2): its plain runs are the host's, byte for byte, and burgee's surfaces all work.
const fixtures = `${repoRoot}packages/burgee/test/fixtures/adapters`;
const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);

const hosts = [
  { name: 'commander', adapter: 'burgee/commander' },
  { name: 'yargs', adapter: 'burgee/yargs' },
] as const;

/** The fixture with its require written `__IMPORT__`, and its `.effects()` calls left out, which the host library lacks. */
const sourceOf = (host: (typeof hosts)[number]): string =>
  readFileSync(`${fixtures}/${host.name}.cjs`, 'utf8')
    .replace(`require('${host.adapter}')`, "require('__IMPORT__')")
    .replace(/\.effects\('[a-z_]+'\)/g, '');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.each(hosts)('F1 F2 · a CommonJS program requiring $adapter', (host) => {
  const twins = writePairs(
    [{ title: host.name, source: sourceOf(host), runs: [] }],
    host.name,
    host.adapter,
    'cli.cjs',
  );
  afterAll(() => twins.dispose());
  const script = `${fixtures}/${host.name}.cjs`;

  it.each([
    [['--help']],
    [['deploy', '--help']],
    [['--version']],
    [['deploy', 'prod', '-r', 'us']],
    [['deploy']],
    [['deploy', 'prod', '--region', 'mars']],
  ])("F1 · %j: the host's own output, byte for byte", async (argv) => {
    const { host: real, adapter } = await runPair(twins.pairs[0]!, argv);
    expect(real.stdout + real.stderr).not.toBe('');
    expect(adapter).toEqual(real);
  });

  it('F4 · --json is one envelope, the action’s return value as data', async () => {
    const result = await runCli(script, ['deploy', 'prod', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: 'deploying prod\n' });
    expect(JSON.parse(result.stdout)).toEqual({
      ok: true,
      data: { target: 'prod', region: 'eu', dryRun: false },
      meta: { provenance: { region: { source: 'default' } } },
    });
  });

  it('S5 · --schema validates against program-schema.json and keeps the declared effects', async () => {
    const result = await runCli(script, ['--schema']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.commands.map((c: { name: string; effects: string }) => [c.name, c.effects])).toContainEqual([
      'deploy',
      'non_idempotent',
    ]);
  });

  it('M4 · --mcp serves it to the official client: a tool result is the --json envelope', async () => {
    const server = await connectStdio(script);
    cleanups.push(server.close);
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['deploy', 'status', 'legacy', 'broke', 'throws']);
    const result = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod', region: 'us' } });
    const cli = await runCli(script, ['deploy', 'prod', '--region', 'us', '--json']);
    expect(texts(result).envelope).toBe(cli.stdout.trimEnd());
    expect(texts(result).captured).toBe('deploying prod\n');
  });
});
