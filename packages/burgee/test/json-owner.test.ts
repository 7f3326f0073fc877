import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const owner = fixture('json-owner.mjs');
const done = '{"ok":true,"data":{"done":true},"meta":{"provenance":{}}}\n';

describe('E3 · N2 · under --json the envelope owns file descriptor 1, as the protocol does under --mcp', () => {
  const around: [string, string, string, string][] = [
    ['fs.writeSync(1, …)', 'json-fd-write', 'fd-write', 'written to descriptor 1\n'],
    ['a child spawned with stdio inherited (spawnSync)', 'json-child-inherit-sync', 'child-sync', 'from a child\n'],
    ['a child spawned with stdout inherited (spawn)', 'json-child-inherit-async', 'child-async', 'from a child\n'],
  ];

  it.each(around)(
    'E3 · %s goes to stderr; stdout is the envelope alone (probe: %s)',
    async (_, _probe, command, printed) => {
      const result = await runCli(owner, [command, '--json']);
      expect(result.stdout).toBe(done);
      expect(result.stderr).toBe(printed);
      expect(result.code).toBe(0);
    },
  );

  it('E3 · a child of a lazy command whose module brought child_process goes to stderr too (probe: json-lazy-child)', async () => {
    const result = await runCli(fixture('json-owner-lazy.mjs'), ['--json']);
    expect(result.stdout).toBe(done);
    expect(result.stderr).toBe('from a lazy child\n');
  });

  it('E3 · without --json nothing is bent: the same writes reach stdout (so the checks above can fail)', async () => {
    const result = await runCli(owner, ['fd-write']);
    expect(result.stdout).toBe('written to descriptor 1\ndone: true\n');
    expect(result.stderr).toBe('');
  });
});

describe('E7 · N2 · process.exit in a handler under --json still ends with one failure envelope', () => {
  const hint =
    'return a value, throw, or call ctx.exit(code): process.exit ends the process before burgee can answer, and would stop an MCP server';
  const exits: [string, string, string, number, string][] = [
    ['process.exit(3)', 'json-process-exit', 'exit', 3, 'process.exit(3)'],
    [
      'process.exit(0): a failure still, the handler never answered',
      'json-process-exit-zero',
      'exit-zero',
      1,
      'process.exit(0)',
    ],
    ['process.exit(5) in a timer', 'json-process-exit-in-timer', 'exit-in-timer', 5, 'process.exit(5)'],
  ];

  it.each(exits)(
    'E7 · %s: one envelope, exit code = error.code, stderr empty (probe: %s)',
    async (_, _p, command, code, call) => {
      const result = await runCli(owner, [command, '--json']);
      expect(result.stdout).toBe(
        `${JSON.stringify({ ok: false, error: { code, message: `the command called ${call}`, hint } })}\n`,
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(code);
    },
  );

  it('E7 · without --json process.exit ends the process as the author asked', async () => {
    const result = await runCli(owner, ['exit']);
    expect(result).toMatchObject({ code: 3, stdout: '', stderr: '' });
  });
});
