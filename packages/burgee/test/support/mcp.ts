import { spawn } from 'node:child_process';
import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { envelopeOf as publicEnvelopeOf } from '../../src/testing/index.js';
import { repoRoot } from './cli.js';

/** The fixture whose handlers misbehave on purpose (test/fixtures/mcp-faults.mjs). */
export const faults = `${repoRoot}packages/burgee/test/fixtures/mcp-faults.mjs`;

/** The same minimal environment `runCli` gives a child, plus what the test sets. */
export const childEnv = (env: Record<string, string> = {}): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/root',
  LANG: 'C.UTF-8',
  ...env,
});

export type StdioServer = { client: Client; stderr: () => string; close: () => Promise<void> };

/** Spawns `node <script> --mcp` and connects the official client to it over stdio. */
export async function connectStdio(
  script: string,
  options: { env?: Record<string, string>; client?: ClientOptions; cwd?: string; args?: readonly string[] } = {},
): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, '--mcp', ...(options.args ?? [])],
    env: childEnv(options.env),
    cwd: options.cwd ?? repoRoot,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'burgee-tests', version: '1.0.0' }, options.client);
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The envelope of a tool result, whatever its shape (M4): burgee/testing's own helper, so the tests use what users get. */
export const envelopeOf = (result: unknown): Record<string, unknown> =>
  publicEnvelopeOf(result as { content?: unknown; structuredContent?: unknown });

/** The first text item of a tool result, and the second (what the handler printed) when there is one. */
export function texts(result: unknown): { envelope: string; captured: string | undefined } {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return { envelope: content[0]!.text, captured: content[1]?.text };
}

export type RawServer = {
  send: (line: string) => void;
  /** Resolves with the message that answers request `id`. */
  response: (id: number | string | null) => Promise<Record<string, unknown>>;
  stdout: () => string;
  stderr: () => string;
  close: () => Promise<number | null>;
};

/** Spawns `node <script> --mcp` and speaks JSON-RPC lines by hand, keeping the raw bytes of stdout. */
export function spawnRaw(script: string, env: Record<string, string> = {}): RawServer {
  const child = spawn(process.execPath, [script, '--mcp'], { env: childEnv(env), cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  const waiters: { id: unknown; resolve: (message: Record<string, unknown>) => void }[] = [];
  const seen: Record<string, unknown>[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      const found = seen.find((m) => 'id' in m && m.id === waiter.id && ('result' in m || 'error' in m));
      if (found === undefined) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(found);
    }
  };
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      try {
        seen.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Left for the test to find in stdout().
      }
    }
    settle();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return {
    send: (line) => child.stdin.write(`${line}\n`),
    response: (id) =>
      new Promise((resolve) => {
        waiters.push({ id, resolve });
        settle();
      }),
    stdout: () => stdout,
    stderr: () => stderr,
    close: () =>
      new Promise((resolve) => {
        child.on('close', (code) => resolve(code));
        child.stdin.end();
      }),
  };
}

/** One tool as the discovery tool's answer gives it: its effects word and each input's notes. */
export type FoundTool = { name: string; effects: string; inputs: Map<string, string> };

/** The tools the discovery tool's text answer names, read back from its lines (projections/mcp/tool-text.ts). */
export function foundTools(result: unknown): FoundTool[] {
  const text = (result as { content: { text: string }[] }).content[0]!.text;
  const tools: FoundTool[] = [];
  for (const line of text.split('\n')) {
    const head = /^(\S+) \((read_only|idempotent|non_idempotent|effects undeclared)\)/.exec(line);
    if (head !== null) tools.push({ name: head[1]!, effects: head[2]!, inputs: new Map() });
    const input = /^- (\S+)(?: \((.*?)\))?(?::|$)/.exec(line);
    if (input !== null) tools.at(-1)!.inputs.set(input[1]!, input[2] ?? '');
  }
  return tools;
}

// The official client's typed calls know no tasks (the SDK has the 2025-11-25 wire types only): its
// request path carries them, with a schema that takes the answer as it comes.
const asIs = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) } } as const;
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client reads them
export type Answer = Record<string, any>;

/** Sends one request through the official client's own request path, and gives the answer as it came. */
export const send = (client: Client, method: string, params: object): Promise<Answer> =>
  client.request({ method, params } as never, asIs as never) as Promise<Answer>;

/** Reads an answer every 100 ms until `done` holds of it, or 20 s have passed; gives the last one read. */
export async function until(read: () => Promise<Answer>, done: (answer: Answer) => boolean): Promise<Answer> {
  const end = Date.now() + 20_000;
  for (;;) {
    const answer = await read();
    if (done(answer) || Date.now() > end) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
