// Q1–Q5 over both transports and both protocol eras: the fixture programs, a client's user who
// answers each question in turn, and the connections the question tests open.
import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import { afterAll } from 'vitest';
import { example, repoRoot, runCli } from './cli.js';
import { connectHttp, type HttpServer, spawnHttp } from './http.js';
import { connectStdio } from './mcp.js';

export const ops = `${repoRoot}packages/burgee/test/fixtures/mcp-questions.mjs`;
export const budgeted = `${repoRoot}packages/burgee/test/fixtures/mcp-questions-budget.mjs`;
export const deploy = example('deploy');
export const modern = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

type Form = { message: string; requestedSchema: { properties: Record<string, Record<string, unknown>> } };
type Answer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };
/** What the client's user does with each question, in turn; every question asked is kept. */
type User = { answers: Answer[]; asked: Form[] };

export const user = (...answers: Answer[]): User => ({ answers, asked: [] });
export const accept = (content: Record<string, unknown>): Answer => ({ action: 'accept', content });
export const asking = (options: ClientOptions = {}): ClientOptions => ({
  ...options,
  capabilities: { elicitation: { form: {} } },
});

/** Registers the user as the client's elicitation handler (the official client's own path, both eras). */
export function answering(client: Client, who: User): Client {
  client.setRequestHandler('elicitation/create', async (request) => {
    who.asked.push(request.params as unknown as Form);
    return (who.answers.shift() ?? { action: 'cancel' }) as never;
  });
  return client;
}

type Connect = (script: string, options: ClientOptions) => Promise<{ client: Client; close: () => Promise<unknown> }>;

/** stdio and --http, each a way to connect to a script; the HTTP servers it starts are stopped after the file. */
export function questionTransports(): ReadonlyArray<readonly [string, Connect]> {
  const servers: HttpServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });
  return [
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
}
export const eras: ReadonlyArray<readonly [string, ClientOptions]> = [
  ['2025 era', {}],
  ['2026-07-28', modern],
];

export const cliEnvelope = async (script: string, args: string[]) =>
  (await runCli(script, [...args, '--json'])).stdout.trimEnd();
export const ROLLBACK = [
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
export const ANSWERS = { service: 'api', reason: 'bad deploy', replicas: 4, regions: ['eu', 'us'] };
