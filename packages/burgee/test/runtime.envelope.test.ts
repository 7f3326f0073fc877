// The success envelope, lazy commands and --format/--output json (E2, E3, E4, D7, H1); its own file
// so what a successful run prints reads apart from failures and from the global surfaces.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, runCli } from './support/cli.js';

describe('the success envelope', () => {
  it('E3 · data is null when the handler returns nothing; console.log under --json goes to stderr', async () => {
    const noisy = fileURLToPath(new URL('./fixtures/noisy.mjs', import.meta.url));
    const json = await runCli(noisy, ['--json']);
    expect(json.stdout).toBe('{"ok":true,"data":null,"meta":{"provenance":{}}}\n');
    expect(json.stderr).toBe('chatter\nmore chatter\nto stderr\n');
    const human = await runCli(noisy, []);
    expect(human.stdout).toBe('chatter\nmore chatter\n');
  });

  it('E4 · an idempotent command carries meta.changed; one that omits changed fails with exit 1 naming the rule', async () => {
    const good = defineCommand({ name: 'set', effects: 'idempotent', run: () => ({ changed: false }) });
    expect((await runProgram(good, ['--json'])).stdout).toBe(
      '{"ok":true,"data":{"changed":false},"meta":{"provenance":{},"changed":false}}\n',
    );
    const bad = defineCommand({ name: 'set', effects: 'idempotent', run: () => ({ done: true }) });
    const result = await runProgram(bad, ['--json']);
    expect(result.exitCode).toBe(1);
    expect((result.json as { error: { message: string } }).error.message).toBe(
      'set is idempotent and must return an object with a boolean "changed"',
    );
    // In a program, the command is named as a person types it.
    const program = defineProgram({ name: 'tool', commands: [bad] });
    const nested = await runProgram(program, ['set', '--json']);
    expect((nested.json as { error: { message: string } }).error.message).toBe(
      'tool set is idempotent and must return an object with a boolean "changed"',
    );
  });

  it('E3 · data that JSON cannot hold still yields exactly one envelope, exit 1', async () => {
    const program = defineCommand({ name: 'big', effects: 'read_only', run: () => ({ n: 10n }) });
    const result = await runProgram(program, ['--json']);
    expect(result.exitCode).toBe(1);
    expect(result.json).toMatchObject({ ok: false, error: { code: 1 } });
  });

  it('H1 · an array of flat objects prints as an aligned table for a person', async () => {
    const result = await runCli(example('ship'), ['status']);
    expect(result.stdout).toBe(
      'name    replicas  healthy\napi     3         true\nweb     2         true\nworker  1         false\n',
    );
  });
});

describe('lazy commands', () => {
  it('D7 · help, schema and other commands never import a lazy command; running it does', async () => {
    let imported = 0;
    const lazy = defineCommand({
      name: 'heavy',
      description: 'loaded on demand',
      effects: 'read_only',
      load: async () => {
        imported++;
        return { default: () => ({ loaded: true }) };
      },
    });
    const light = defineCommand({ name: 'light', effects: 'read_only', run: () => 'ok' });
    const program = defineProgram({ name: 'p', commands: [lazy, light] });
    await runProgram(program, ['--help']);
    await runProgram(program, ['--schema']);
    await runProgram(program, ['heavy', '--help']);
    await runProgram(program, ['light']);
    expect(imported).toBe(0);
    expect((await runProgram(program, ['heavy', '--json'])).json).toMatchObject({ ok: true, data: { loaded: true } });
    expect(imported).toBe(1);
  });
});

describe('lazy modules that print', () => {
  it('E3 · what a lazy command module prints while loading goes to stderr under --json', async () => {
    const script = fileURLToPath(new URL('./fixtures/lazy/cli.mjs', import.meta.url));
    const json = await runCli(script, ['--json']);
    expect(json.stdout).toBe('{"ok":true,"data":{"loaded":true},"meta":{"provenance":{}}}\n');
    expect(json.stderr).toBe('loading the handler module\n');
  });
});

describe('E2 · --format json and --output json on a native command', () => {
  const program = defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'plain',
        effects: 'read_only',
        options: { count: { type: 'number', description: 'how many' } },
        run: () => ({ plain: true }),
      }),
      defineCommand({
        name: 'report',
        effects: 'read_only',
        options: { format: { type: 'string', choices: ['text', 'json'], description: 'the report format' } },
        run: (ctx) => ({ format: ctx.options.format ?? null }),
      }),
    ],
  });
  const envelope = '{"ok":true,"data":{"plain":true},"meta":{"provenance":{}}}\n';

  const spellings = [
    ['plain', '--format', 'json'],
    ['plain', '--format=json'],
    ['plain', '--output', 'json'],
    ['plain', '--output=json'],
    ['--format', 'json', 'plain'],
  ].map((argv) => [argv.join(' '), argv] as const);
  it.each(spellings)(
    'E2 · %s is read as --json: one envelope, stderr empty (probe: format-json-native)',
    async (_, argv) => {
      const result = await runProgram(program, argv);
      expect(result).toMatchObject({ exitCode: 0, stdout: envelope, stderr: '' });
    },
  );

  it('E2 · a refusal under --format json is the failure envelope on stdout (probe: format-json-native-failure)', async () => {
    const result = await runProgram(program, ['plain', '--count', 'x', '--format', 'json']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('');
    expect(result.json).toMatchObject({ ok: false, error: { code: 2, message: '--count expects a number, got "x"' } });
  });

  it('E2 · a command that declares --format keeps it; --output still asks for JSON; after -- neither counts', async () => {
    expect(await runProgram(program, ['report', '--format', 'json'])).toMatchObject({ stdout: 'format: json\n' });
    expect((await runProgram(program, ['report', '--output', 'json'])).json).toMatchObject({ data: { format: null } });
    expect(await runProgram(program, ['plain', '--', '--format', 'json'])).toMatchObject({ stdout: 'plain: true\n' });
  });
});
