import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, repoRoot } from './support/cli.js';
import { childEnv } from './support/mcp.js';

// M5, M6, M3: whatever arrives on stdin — valid calls with wrong arguments, malformed lines, huge
// and deeply nested frames — a spawned server answers every request exactly once, writes nothing
// but protocol frames to stdout, and is still serving at the end. FUZZ_RUNS=… raises the counts.
const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || 25;

/** A spawned `ship --mcp` and every line it wrote to stdout, parsed or not. */
class Server {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  private pending = '';
  private readonly waiters = new Set<() => void>();

  constructor() {
    this.child = spawn(process.execPath, [example('ship'), '--mcp'], { env: childEnv(), cwd: repoRoot });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (this.pending + chunk).split('\n');
      this.pending = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.waiters) wake();
    });
    this.child.stderr.resume();
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The messages answering `id`, once at least `count` of them have arrived (or the time is up). */
  async answers(ids: readonly (number | null)[], timeoutMs = 30_000): Promise<Map<number | null, unknown[]>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.collect(ids);
      if (ids.every((id) => (found.get(id)?.length ?? 0) >= ids.filter((x) => x === id).length)) return found;
      if (Date.now() > deadline) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 50);
      });
    }
  }

  private collect(ids: readonly (number | null)[]): Map<number | null, unknown[]> {
    const found = new Map<number | null, unknown[]>(ids.map((id) => [id, []]));
    for (const line of this.lines) {
      const message = JSON.parse(line) as { id?: number | null; method?: string };
      if (message.method !== undefined || !('id' in message)) continue;
      found.get(message.id ?? null)?.push(message);
    }
    return found;
  }
}

let nextId = 100;
const request = (method: string, params: unknown) => {
  const id = nextId++;
  return { id, line: JSON.stringify({ jsonrpc: '2.0', id, method, params }) };
};

const TOOLS = ['status', 'release', 'config_get', 'config_set', 'db_drop', 'nope'];
const KEYS = [
  'build',
  'channel',
  'replicas',
  'canary',
  'tag',
  'dryRun',
  'verify',
  'token',
  'services',
  'key',
  'problems',
  'bogus',
  'constructor',
  'toString',
  '__proto__',
  'prototype',
  'json',
  'help',
  'mcp',
  'x-y',
  '',
];

/** Values of every JSON type, including long lists and deep nesting. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 40_000 }).map((n) => Array(n).fill('x')),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => {
    let nested: unknown = 1;
    for (let i = 0; i < depth; i++) nested = [nested];
    return nested;
  }),
  fc.constantFrom('--help', '--json', '-x', '--', 'status', '\u001b]0;x\u0007', '0x10'),
);

/** One line for the server: a request (whose id must be answered once), or something that is not one. */
const frame: fc.Arbitrary<{ line: string; id: number | null | undefined }> = fc.oneof(
  fc
    .record({ name: fc.constantFrom(...TOOLS), args: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 4 }) })
    .map(({ name, args }) => {
      // Written by hand so a "__proto__" key reaches the server as a key, not as a prototype.
      const body = Object.entries(args)
        .map(([key, v]) => `${JSON.stringify(key)}:${JSON.stringify(v)}`)
        .join(',');
      const id = nextId++;
      return {
        id,
        line: `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":{${body}}}}`,
      };
    }),
  fc.constant(null).map(() => request('tools/list', {})),
  fc.constantFrom('ping', 'resources/list', 'nope/nope').map((method) => request(method, {})),
  // Not JSON at all: a parse error with id null.
  fc
    .string({ minLength: 1, maxLength: 200 })
    .filter((text) => !text.includes('\n') && text.trim() !== '' && !isJson(text))
    .map((line) => ({ line, id: null })),
  // JSON, but not a JSON-RPC message.
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v) || !('jsonrpc' in v))
    .map((v) => ({ line: JSON.stringify(v), id: null })),
  // A line over the size limit.
  fc.constant(null).map(() => ({ line: `{"jsonrpc":"2.0","id":1,"pad":"${'y'.repeat(11 * 1024 * 1024)}"}`, id: null })),
  // A notification: never answered.
  fc.constant({ line: '{"jsonrpc":"2.0","method":"notifications/whatever"}', id: undefined }),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('M5 · M6 · a spawned server under random frames', () => {
  let server: Server;
  beforeAll(async () => {
    server = new Server();
    const init = request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'fuzz', version: '1' },
    });
    server.send(init.line);
    await server.answers([init.id]);
    server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  });
  afterAll(() => {
    server.child.kill();
  });

  it('M6 · every request is answered exactly once, and stdout holds protocol frames only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
        const nullsBefore = server.lines.filter((line) => /"id":null/.test(line)).length;
        for (const f of frames) server.send(f.line);
        const ids = frames.flatMap((f) => (typeof f.id === 'number' ? [f.id] : []));
        const found = await server.answers(ids);
        for (const id of ids) expect({ id, answers: found.get(id)?.length }).toEqual({ id, answers: 1 });
        const nulls = frames.filter((f) => f.id === null).length;
        // Malformed lines are answered with id null, one each (after the last request is answered).
        const deadline = Date.now() + 10_000;
        while (
          server.lines.filter((line) => /"id":null/.test(line)).length < nullsBefore + nulls &&
          Date.now() < deadline
        )
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(server.lines.filter((line) => /"id":null/.test(line)).length).toBe(nullsBefore + nulls);
        for (const line of server.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
      }),
      { numRuns: RUNS },
    );
    // Still serving: a last request is answered, and closing stdin ends the process cleanly.
    const last = request('tools/list', {});
    server.send(last.line);
    expect((await server.answers([last.id])).get(last.id)).toHaveLength(1);
    const code = await new Promise<number | null>((resolve) => {
      server.child.on('close', resolve);
      server.child.stdin.end();
    });
    expect(code).toBe(0);
  }, 600_000);
});
