import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import type { SchemaObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';
import { example, runCli } from './support/cli.js';
import { connectHttp, spawnHttp } from './support/http.js';
import { connectStdio, envelopeOf, texts } from './support/mcp.js';

// Q6: over MCP, a next step (or a fix) that runs a command of the program also says which tool to
// call with which arguments, in structuredContent; the text stays the CLI's envelope byte for byte
// (M4). A result with no such call, of a tool without outputSchema, is the text alone (N5).

type Step = { command: string; when?: string; tool?: string; arguments?: Record<string, unknown> };
type Result = { content: { text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

const eras: ReadonlyArray<readonly [string, ClientOptions | undefined]> = [
  ['2025 era over stdio', undefined],
  ['2026-07-28 over --http', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
];

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as Result;

describe.each(eras)('Q6 · %s', (era, options) => {
  const open: (() => Promise<unknown>)[] = [];
  const clients = new Map<string, Client>();
  beforeAll(async () => {
    for (const name of ['deploy', 'ship'] as const) {
      const script = example(name);
      if (options === undefined) {
        const server = await connectStdio(script);
        open.push(server.close);
        clients.set(name, server.client);
      } else {
        const server = await spawnHttp(script);
        const client = await connectHttp(server.url, { client: options });
        open.push(
          () => client.close(),
          () => server.stop(),
        );
        clients.set(name, client);
      }
    }
  });
  afterAll(async () => {
    for (const close of open) await close();
  });

  it(`Q6 · ${era}: an exit-4 next step carries tool and arguments; calling them back succeeds`, async () => {
    const deploy = clients.get('deploy')!;
    const [refused, cli] = await Promise.all([
      call(deploy, 'deploy', { target: 'prod' }),
      runCli(example('deploy'), ['deploy', '--target=prod', '--json'], { env: { CLAUDECODE: '1' } }),
    ]);
    expect(cli.code).toBe(4);
    // M4: the text is the CLI's envelope, byte for byte, without tool or arguments.
    expect(texts(refused).envelope).toBe(cli.stdout.slice(0, -1));
    const envelope = JSON.parse(cli.stdout) as { next: Step[] };
    const step = (refused.structuredContent!.next as Step[])[0]!;
    expect(step).toStrictEqual({
      ...envelope.next[0],
      tool: 'deploy',
      arguments: { target: 'prod', yes: true },
    });
    expect({ ...refused.structuredContent, next: envelope.next }).toStrictEqual(envelope);
    const done = await call(deploy, step.tool!, step.arguments!);
    expect(done.isError).toBe(false);
    expect(done).not.toHaveProperty('structuredContent');
    expect(envelopeOf(done)).toMatchObject({ ok: true, data: { target: 'prod' } });
  });

  it(`Q6 · ${era}: a usage error's fix carries fixCall; calling it back succeeds`, async () => {
    const ship = clients.get('ship')!;
    const refused = await call(ship, 'release', { build: '1.4.0', channel: 'bta', tag: ['a b', 'c'] });
    expect(refused.isError).toBe(true);
    const error = refused.structuredContent!.error as { fix: string; fixCall: { tool: string; arguments: object } };
    expect(error.fix).toBe("ship release --build=1.4.0 --channel=beta '--tag=a b' --tag=c --json");
    expect(error.fixCall).toStrictEqual({
      tool: 'release',
      arguments: { build: '1.4.0', channel: 'beta', tag: ['a b', 'c'] },
    });
    expect(texts(refused).envelope).not.toContain('fixCall');
    const done = await call(ship, error.fixCall.tool, error.fixCall.arguments as Record<string, unknown>);
    expect(envelopeOf(done)).toMatchObject({ ok: true, data: { channel: 'beta', tags: ['a b', 'c'] } });
  });

  it(`Q6 · ${era}: a fix whose secret is hidden gets no call, and the secret is nowhere`, async () => {
    const ship = clients.get('ship')!;
    const refused = await call(ship, 'release', { build: '1', channel: 'bta', token: 'hunter22' });
    // No call to add, no outputSchema: structuredContent would repeat the text, so there is none (N5).
    expect(refused).not.toHaveProperty('structuredContent');
    const error = envelopeOf(refused).error as Record<string, unknown>;
    expect(error.fix).toBe('ship release --build=1 --channel=beta --token=<secret> --json');
    expect(error).not.toHaveProperty('fixCall');
    expect(JSON.stringify(refused)).not.toContain('hunter22');
  });
});

const vault = defineProgram({
  name: 'vault',
  commands: [
    defineCommand({
      name: 'wipe',
      description: 'Wipe a shelf',
      effects: 'non_idempotent',
      arguments: [{ name: 'shelf', description: 'which shelf' }],
      options: {
        yes: { type: 'boolean', env: false, description: 'confirm' },
        keep: { type: 'number', integer: true, multiple: true, description: 'slots to keep' },
      },
      output: { type: 'object', properties: { wiped: { type: 'string' } }, required: ['wiped'] },
      run: (ctx) => {
        if (!ctx.options.yes) {
          ctx.actionRequired({
            reason: 'confirm',
            message: `wiping ${ctx.args.shelf} cannot be undone`,
            next: [
              { argv: ['wipe', ctx.args.shelf, '--yes', ...(ctx.options.keep ?? []).map((k) => `--keep=${k}`)] },
              { command: 'backup-tool save --all', when: 'first, to keep a copy' },
            ],
          });
        }
        return { wiped: ctx.args.shelf };
      },
    }),
  ],
});

describe.each(eras)('Q6 · outputSchema, %s', (_, options) => {
  it('Q6 · structuredContent with next[].tool and arguments still fits the declared outputSchema', async () => {
    const client = await connectMcp(vault, options === undefined ? {} : { client: options });
    try {
      const { tools } = await client.listTools();
      const validate = new Ajv2020.default({ strict: false }).compile(tools[0]!.outputSchema as SchemaObject);
      // The official client checks structuredContent against the outputSchema itself, too.
      const refused = (await client.callTool({
        name: 'wipe',
        arguments: { shelf: 'top shelf', keep: [1, 3] },
      })) as Result;
      expect(validate(refused.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      const [step, other] = refused.structuredContent!.next as Step[];
      expect(step).toStrictEqual({
        command: "vault wipe 'top shelf' --yes --keep=1 --keep=3 --json",
        tool: 'wipe',
        arguments: { yes: true, keep: [1, 3], shelf: 'top shelf' },
      });
      expect(other).toStrictEqual({ command: 'vault backup-tool save --all --json', when: 'first, to keep a copy' });
      const done = (await client.callTool({ name: step!.tool!, arguments: step!.arguments! })) as Result;
      expect(validate(done.structuredContent)).toBe(true);
      expect(done.structuredContent).toMatchObject({ ok: true, data: { wiped: 'top shelf' } });
    } finally {
      await client.close();
    }
  });
});
