import type { SchemaObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { connectStdio, envelopeOf, faults, type StdioServer, texts } from './support/mcp.js';

const servers = new Map<string, Promise<StdioServer>>();
/** One spawned server per program and environment, shared by the cases that need it. */
const serverFor = (script: string, env: Record<string, string>) => {
  const key = JSON.stringify([script, env]);
  if (!servers.has(key)) servers.set(key, connectStdio(script, { env }));
  return servers.get(key)!;
};
afterAll(async () => {
  for (const server of servers.values()) await (await server).close();
});

type Case = {
  title: string;
  script: string;
  env: Record<string, string>;
  tool: string;
  args: Record<string, unknown>;
  /** What a person (or an agent in a shell) types for the same call. */
  argv: string[];
  exit: number;
  /** What structuredContent adds to each next step: the tool call that runs it (Q6). */
  calls?: { tool: string; arguments: Record<string, unknown> }[];
};

const agent = { CLAUDECODE: '1' };
const deploy = example('deploy');
const ship = example('ship');

const cases: Case[] = [
  {
    title: 'success',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: { target: 'prod', yes: true },
    argv: ['deploy', '--target=prod', '--yes', '--json'],
    exit: 0,
  },
  {
    title: 'action required',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: { target: 'prod' },
    argv: ['deploy', '--target=prod', '--json'],
    exit: 4,
    calls: [{ tool: 'deploy', arguments: { target: 'prod', yes: true } }],
  },
  {
    title: 'usage error (missing option)',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: {},
    argv: ['deploy', '--json'],
    exit: 2,
  },
  {
    title: 'usage error (handler)',
    script: ship,
    env: agent,
    tool: 'config_get',
    args: { key: 'nope' },
    argv: ['config', 'get', '--json', 'nope'],
    exit: 2,
  },
  { title: 'auth error', script: faults, env: agent, tool: 'login', args: {}, argv: ['login', '--json'], exit: 5 },
  { title: 'runtime error', script: faults, env: agent, tool: 'crash', args: {}, argv: ['crash', '--json'], exit: 1 },
  {
    title: 'runtime error (a thrown non-Error)',
    script: faults,
    env: agent,
    tool: 'throw-value',
    args: {},
    argv: ['throw-value', '--json'],
    exit: 1,
  },
  {
    title: 'runtime error (a rejection)',
    script: faults,
    env: agent,
    tool: 'reject',
    args: {},
    argv: ['reject', '--json'],
    exit: 1,
  },
];

describe('M4 · a tool result is the --json envelope of the same call on the CLI', () => {
  it.each(cases)(
    'M4 · $title: text byte for byte, isError; structuredContent only with next steps as calls',
    async (c) => {
      const server = await serverFor(c.script, c.env);
      const [result, cli] = await Promise.all([
        server.client.callTool({ name: c.tool, arguments: c.args }),
        runCli(c.script, c.argv, { env: c.env }),
      ]);
      expect(cli.code).toBe(c.exit);
      expect(cli.stdout.endsWith('\n')).toBe(true);
      expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
      expect(result.isError).toBe(c.exit !== 0);
      // None of these tools has an outputSchema: structuredContent comes only with what the text
      // lacks (N5), the same envelope with each next step's tool call (Q6).
      if (c.calls === undefined) {
        expect(result).not.toHaveProperty('structuredContent');
        return;
      }
      const envelope = JSON.parse(cli.stdout);
      envelope.next = envelope.next.map((step: object, i: number) => ({ ...step, ...c.calls![i] }));
      expect(result.structuredContent).toStrictEqual(envelope);
    },
  );
});

describe('M4 · N5 · structuredContent only where the tool has an outputSchema or the text lacks something', () => {
  it('M4 · N5 · a plain success over the official client is the text alone, which parses to the CLI envelope', async () => {
    const server = await serverFor(deploy, agent);
    const [result, cli] = await Promise.all([
      server.client.callTool({ name: 'deploy', arguments: { target: 'prod', yes: true } }),
      runCli(deploy, ['deploy', '--target=prod', '--yes', '--json'], { env: agent }),
    ]);
    expect(result).toStrictEqual({ content: [{ type: 'text', text: cli.stdout.slice(0, -1) }], isError: false });
    expect(JSON.parse(texts(result).envelope)).toStrictEqual(JSON.parse(cli.stdout));
  });

  it('M4 · M2 · a tool with output gets structuredContent, success and failure alike, valid against its outputSchema', async () => {
    const server = await serverFor(faults, agent);
    const { tools } = await server.client.listTools();
    const validate = new Ajv2020.default({ strict: true }).compile(
      tools.find((tool) => tool.name === 'report')!.outputSchema as SchemaObject,
    );
    // The official client refuses a success of such a tool that has none, and checks it against the schema.
    const [done, refused] = await Promise.all([
      server.client.callTool({ name: 'report', arguments: {} }),
      server.client.callTool({ name: 'report', arguments: { nope: 1 } }),
    ]);
    for (const result of [done, refused]) {
      expect(result.structuredContent).toStrictEqual(JSON.parse(texts(result).envelope));
      expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(done).toMatchObject({ isError: false, structuredContent: { ok: true, data: { count: 2 } } });
    expect(refused).toMatchObject({ isError: true, structuredContent: { ok: false, error: { code: 2 } } });
  });
});

const release = (args: Record<string, unknown>, argv: string[], exit = 0): Omit<Case, 'title'> => ({
  script: ship,
  env: { ...agent, SHIP_DRY_RUN: '1' },
  tool: 'release',
  args,
  argv: ['release', ...argv],
  exit,
});

const mapped: Case[] = [
  {
    title: 'booleans, --no-x for a default-true option, arrays, numbers, variadic positionals, dryRun → --dry-run',
    ...release(
      {
        services: ['api', 'web'],
        build: '2.0.0',
        channel: 'beta',
        replicas: 3,
        canary: 0.5,
        tag: ['hotfix', 'urgent'],
        dryRun: true,
        verify: false,
      },
      [
        '--build=2.0.0',
        '--channel=beta',
        '--replicas=3',
        '--canary=0.5',
        '--tag=hotfix',
        '--tag=urgent',
        '--dry-run',
        '--no-verify',
        '--json',
        'api',
        'web',
      ],
    ),
  },
  {
    title: 'false overrides an env-bound boolean that the environment switches on',
    ...release({ build: '1', dryRun: false }, ['--build=1', '--no-dry-run', '--json']),
  },
  {
    // A value of the right JSON type that the command refuses: a string for a number is refused
    // before the command runs since types are checked against inputSchema first (M3, mcp.types.test.ts).
    title: 'a value the command refuses (a number out of range)',
    ...release({ build: '1', replicas: 50 }, ['--build=1', '--replicas=50', '--json'], 2),
  },
  {
    title: 'a value starting with "-" stays a value',
    ...release({ build: '--weird', region: '-x' }, ['--build=--weird', '--region=-x', '--json']),
  },
  {
    title: 'an unknown argument is refused as the CLI refuses the unknown flag',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: { target: 'prod', targt: 'x' },
    argv: ['deploy', '--target=prod', '--targt=x', '--json'],
    exit: 2,
  },
  {
    title: 'an unknown multi-word argument',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: { target: 'prod', dryRun: true },
    argv: ['deploy', '--target=prod', '--dry-run', '--json'],
    exit: 2,
  },
  {
    title: 'false for a plain boolean is left off',
    script: deploy,
    env: agent,
    tool: 'deploy',
    args: { target: 'prod', yes: false },
    argv: ['deploy', '--target=prod', '--json'],
    exit: 4,
  },
];

describe('M3 · arguments map back to the argv a person would type', () => {
  it.each(mapped)('M3 · $title', async (c) => {
    const server = await serverFor(c.script, c.env);
    const [result, cli] = await Promise.all([
      server.client.callTool({ name: c.tool, arguments: c.args }),
      runCli(c.script, c.argv, { env: c.env }),
    ]);
    expect(cli.code).toBe(c.exit);
    expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
    expect(result.isError).toBe(c.exit !== 0);
  });

  it('M3 · the mapped release really ran with those values', async () => {
    const server = await serverFor(ship, { ...agent, SHIP_DRY_RUN: '1' });
    const result = await server.client.callTool({ name: 'release', arguments: mapped[0]!.args });
    expect(envelopeOf(result)).toMatchObject({
      ok: true,
      data: {
        services: ['api', 'web'],
        tags: ['hotfix', 'urgent'],
        replicas: 3,
        canary: 0.5,
        verify: false,
        dryRun: true,
      },
      meta: {
        provenance: {
          verify: { source: 'flag', location: '--no-verify' },
          dryRun: { source: 'flag', location: '--dry-run' },
        },
      },
    });
    const off = await server.client.callTool({ name: 'release', arguments: { build: '1', dryRun: false } });
    expect(envelopeOf(off)).toMatchObject({ ok: true, data: { released: true } });
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    [
      'a positional value starting with "-" is refused, never read as a flag',
      { build: '1', services: ['--dry-run'] },
      /starts with "-"/,
    ],
    [
      'an argument that would reach a burgee flag (help, mcp, config) is refused',
      { build: '1', help: true },
      /unknown argument "help"/,
    ],
    ['a key in kebab form is not an alias', { build: '1', 'dry-run': true }, /unknown argument "dry-run"/],
    ['a negation key is not an alias', { build: '1', noVerify: true }, /unknown argument "noVerify"/],
  ];
  it.each(refused)('M3 · %s', async (_, args, message) => {
    const server = await serverFor(ship, { ...agent, SHIP_DRY_RUN: '1' });
    const result = await server.client.callTool({ name: 'release', arguments: args });
    expect(result.isError).toBe(true);
    expect(result).not.toHaveProperty('structuredContent');
    expect(JSON.parse(texts(result).envelope)).toMatchObject({ ok: false, error: { code: 2, message } });
  });
});
