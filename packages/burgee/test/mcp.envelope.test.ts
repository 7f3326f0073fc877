import { afterAll, describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { connectStdio, faults, type StdioServer, texts } from './support/mcp.js';

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
  it.each(cases)('M4 · $title: text byte for byte, isError, structuredContent', async (c) => {
    const server = await serverFor(c.script, c.env);
    const [result, cli] = await Promise.all([
      server.client.callTool({ name: c.tool, arguments: c.args }),
      runCli(c.script, c.argv, { env: c.env }),
    ]);
    expect(cli.code).toBe(c.exit);
    expect(cli.stdout.endsWith('\n')).toBe(true);
    expect(texts(result).envelope).toBe(cli.stdout.slice(0, -1));
    expect(result.isError).toBe(c.exit !== 0);
    // Q6: the same envelope, each next step with the tool call that runs it.
    const envelope = JSON.parse(cli.stdout);
    if (c.calls !== undefined)
      envelope.next = envelope.next.map((step: object, i: number) => ({ ...step, ...c.calls![i] }));
    expect(result.structuredContent).toStrictEqual(envelope);
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
    expect(result.structuredContent).toMatchObject({
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
    expect(off.structuredContent).toMatchObject({ ok: true, data: { released: true } });
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
    expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 2, message } });
    expect(texts(result).envelope).toBe(JSON.stringify(result.structuredContent));
  });
});
