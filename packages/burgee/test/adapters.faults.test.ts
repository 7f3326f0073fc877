import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { connectStdio, texts } from './support/mcp.js';

// An adapter program gets the native guarantees under --json and over MCP: an action that never
// settles is a failure, an error that escapes an action asynchronously fails that run, and a call
// past its timeout leaves the server free for the next ones (N3, E10, M4, M6).
const fixtures = `${repoRoot}packages/burgee/test/fixtures/adapters`;
const hosts = ['commander', 'yargs'] as const;
const script = (host: string) => `${fixtures}/${host}-faults.mjs`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const never = {
  code: 1,
  message: 'the command never finished: its handler waits on a promise that can no longer settle',
  hint: 'make sure every promise the handler awaits resolves or rejects',
};

describe.each(hosts)('N3 · E10 · --json on a burgee/%s program whose action misbehaves', (host) => {
  it.each([
    ['an action that never settles', 'hang', never],
    ['a timer that throws during the action', 'timer', { code: 1, message: 'a timer threw' }],
    ['a rejection the action leaves unhandled', 'stray', { code: 1, message: 'a stray rejection' }],
  ])('N3 · E10 · %s is one failure envelope, exit 1, with parse() and with parseAsync()', async (_, command, error) => {
    for (const parse of ['sync', 'async']) {
      const result = await runCli(script(host), [command, '--json'], { env: { FAULTS_PARSE: parse } });
      expect({ parse, ...result }).toEqual({
        parse,
        code: 1,
        signal: null,
        stdout: `${JSON.stringify({ ok: false, error })}\n`,
        stderr: '',
      });
    }
  });
});

describe.each(hosts)('M4 · M6 · a burgee/%s program served over MCP', (host) => {
  it('E10 · M4 · an error that escapes an action asynchronously fails that call, with the envelope the CLI gives', async () => {
    const server = await connectStdio(script(host));
    cleanups.push(server.close);
    for (const name of ['timer', 'stray']) {
      const result = await server.client.callTool({ name, arguments: {} });
      const cli = await runCli(script(host), [name, '--json']);
      expect(result.isError).toBe(true);
      expect(texts(result).envelope).toBe(cli.stdout.trimEnd());
    }
    const after = await server.client.callTool({ name: 'echo', arguments: { word: 'still' } });
    expect(texts(after).envelope).toBe('{"ok":true,"data":{"word":"still"},"meta":{"provenance":{}}}');
  });

  it('M6 · one action hung past its timeout, then 20 other calls, each answered within its own timeout', async () => {
    const timeoutMs = 1500;
    const server = await connectStdio(script(host), { env: { BURGEE_MCP_TIMEOUT_MS: String(timeoutMs) } });
    cleanups.push(server.close);
    const hungAt = performance.now();
    const hung = await server.client.callTool({ name: 'hang', arguments: {} });
    expect(performance.now() - hungAt).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(hung.isError).toBe(true);
    expect(JSON.parse(texts(hung).envelope).error.message).toBe(
      `the command did not finish within ${timeoutMs} ms, the MCP call timeout, and was cancelled`,
    );
    const calls = Array.from({ length: 20 }, async (_, i) => {
      const started = performance.now();
      const result = await server.client.callTool({ name: 'echo', arguments: { word: `w${i}` } });
      return { result, took: performance.now() - started };
    });
    for (const [i, { result, took }] of (await Promise.all(calls)).entries()) {
      expect(texts(result).envelope).toBe(`{"ok":true,"data":{"word":"w${i}"},"meta":{"provenance":{}}}`);
      expect(took).toBeLessThan(timeoutMs);
    }
  });
});

// The host is free once it has parsed and called the action: commander's command objects and yargs'
// instance hold nothing the next call's parse needs from the hung one.
describe.each(hosts)('M6 · a burgee/%s action that hangs holds up no other call', (host) => {
  it('M6 · 20 calls made while one hangs are answered before the hung one times out', async () => {
    const timeoutMs = 3000;
    const server = await connectStdio(script(host), { env: { BURGEE_MCP_TIMEOUT_MS: String(timeoutMs) } });
    cleanups.push(server.close);
    const started = performance.now();
    const hung = server.client.callTool({ name: 'hang', arguments: {} });
    const answered = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.client.callTool({ name: 'echo', arguments: { word: `w${i}` } }).then((result) => ({
          result,
          at: performance.now() - started,
        })),
      ),
    );
    for (const [i, { result, at }] of answered.entries()) {
      expect(texts(result).envelope).toBe(`{"ok":true,"data":{"word":"w${i}"},"meta":{"provenance":{}}}`);
      expect(at).toBeLessThan(timeoutMs);
    }
    expect((await hung).isError).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(timeoutMs - 50);
  });
});

describe('M6 · burgee/commander calls that overlap each read their own values', () => {
  it('M6 · an action that reads this.args and this.opts() after an await sees its own call, not the next one', async () => {
    const server = await connectStdio(script('commander'));
    cleanups.push(server.close);
    const calls = Array.from({ length: 5 }, (_, i) =>
      server.client.callTool({ name: 'later', arguments: { word: `w${i}`, tag: `t${i}` } }),
    );
    const data = (await Promise.all(calls)).map((result) => JSON.parse(texts(result).envelope).data);
    expect(data).toEqual(
      Array.from({ length: 5 }, (_, i) => ({
        word: `w${i}`,
        tag: `t${i}`,
        read: { word: `w${i}`, tag: `t${i}` },
      })),
    );
  });
});
