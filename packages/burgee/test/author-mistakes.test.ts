import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { type ActionRequest, type Context, defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

/** A one-command program whose handler does what the test asks of it. */
const program = (run: (ctx: Context) => unknown) =>
  defineProgram({
    name: 'tool',
    envPrefix: 'TOOL',
    commands: [defineCommand({ name: 'go', effects: 'read_only', run })],
  });

describe('A4 · E7 · an author mistake is a message naming the rule, never a silent exit', () => {
  const malformed: [string, unknown][] = [
    ['no next', { reason: 'confirm', message: 'sure?' }],
    ['an empty next', { reason: 'confirm', message: 'sure?', next: [] }],
    ['a number as a command', { reason: 'confirm', message: 'sure?', next: [{ command: 42 }] }],
    ['both command and argv', { reason: 'confirm', message: 'sure?', next: [{ command: 'go', argv: ['go'] }] }],
    ['argv with a number', { reason: 'confirm', message: 'sure?', next: [{ argv: ['go', 1] }] }],
    ['no message', { reason: 'confirm', next: [{ command: 'go --yes' }] }],
  ];

  it.each(malformed)(
    'A4 · ctx.actionRequired with %s: exit 1 naming the rule, on both surfaces',
    async (_, request) => {
      const tool = program((ctx) => ctx.actionRequired(request as ActionRequest));
      const json = await runProgram(tool, ['go', '--json']);
      expect(json.exitCode).toBe(1);
      expect(json.stderr).toBe('');
      expect(json.json).toMatchObject({
        ok: false,
        error: {
          code: 1,
          message: expect.stringMatching(/^ctx\.actionRequired /),
          hint: expect.stringContaining('A4'),
        },
      });
      const human = await runProgram(tool, ['go']);
      expect(human.exitCode).toBe(1);
      expect(human.stderr).toMatch(/^error: ctx\.actionRequired [^\n]+\nhint: [^\n]*A4[^\n]*\n$/);
    },
  );

  it('A4 · next[].argv is written as one command line, each word quoted for a POSIX shell where needed', async () => {
    const tool = program((ctx) =>
      ctx.actionRequired({
        reason: 'confirm',
        message: 'removing a file needs confirmation',
        next: [{ argv: ['go', "Q3 report's draft.txt", '--yes'], when: 'once checked' }],
      }),
    );
    const json = await runProgram(tool, ['go', '--json']);
    expect(json.exitCode).toBe(4);
    expect(json.json).toMatchObject({ next: [{ command: `tool go 'Q3 report'\\''s draft.txt' --yes --json` }] });
    const human = await runProgram(tool, ['go']);
    expect(human.stderr).toContain(`  tool go 'Q3 report'\\''s draft.txt' --yes    once checked\n`);
  });

  const exits: [unknown, string][] = [
    [256, 'ctx.exit(256)'],
    [300, 'ctx.exit(300)'],
    [1.5, 'ctx.exit(1.5)'],
    [-1, 'ctx.exit(-1)'],
    ['2', 'ctx.exit("2")'],
  ];
  it.each(exits)(
    'E7 · ctx.exit(%j) is exit 1 naming the rule; the envelope code equals the exit code',
    async (code, shown) => {
      const tool = program((ctx) => ctx.exit(code as number));
      const json = await runProgram(tool, ['go', '--json']);
      expect(json.exitCode).toBe(1);
      expect(json.json).toMatchObject({
        ok: false,
        error: { code: 1, message: `${shown}: an exit code is a whole number from 0 to 255` },
      });
      const human = await runProgram(tool, ['go']);
      expect(human.exitCode).toBe(1);
      expect(human.stderr).toContain(`error: ${shown}: an exit code is a whole number from 0 to 255\n`);
    },
  );

  it('E7 · ctx.exit(7) under --json still prints its envelope, with code 7 = the exit code', async () => {
    const json = await runProgram(
      program((ctx) => ctx.exit(7)),
      ['go', '--json'],
    );
    expect(json.exitCode).toBe(7);
    expect(json.json).toMatchObject({ ok: false, error: { code: 7 } });
  });

  it('E5 · a thrown { code: "USAGE" } with a malformed usage block is not silent: exit = error.code, the rule named', async () => {
    const tool = program(() => {
      throw { code: 'USAGE', message: 'bad input', usage: { command: 5 } };
    });
    const human = await runProgram(tool, ['go']);
    expect(human.exitCode).toBe(1);
    expect(human.stderr).toBe(
      "error: bad input\nhint: the error's usage block cannot be shown: usage.command is 5, not a string; write it as { command, options?: [{ name, description }] } (E5)\n",
    );
    const json = await runProgram(tool, ['go', '--json']);
    expect(json.exitCode).toBe(1);
    expect(json.json).toMatchObject({ ok: false, error: { code: 1, message: 'bad input' } });
  });
});

describe('P4 · numbers are decimal only', () => {
  const refused = ['0x10', '0b101', '0o7', ' 5', '5 ', '', 'Infinity', '1_000'];
  it.each(refused)('P4 · --replicas %j is refused, exit 2', async (value) => {
    const result = await runProgram(ship, ['release', '--build', '1', `--replicas=${value}`, '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({
      error: { message: `--replicas expects a number, got ${JSON.stringify(value)}` },
    });
  });

  it.each(['3', '+3', '3.0', '1e1'])('P4 · %j is a number', async (value) => {
    const result = await runProgram(ship, ['release', '--build', '1', '--replicas', value, '--dry-run', '--json']);
    expect(result.exitCode).toBe(0);
  });

  it('P2 · P4 · an env value in hex is a CONFIG error naming the variable', async () => {
    const result = await runProgram(ship, ['release', '--build', '1', '--json'], { env: { SHIP_REPLICAS: '0x3' } });
    expect(result.exitCode).toBe(3);
    expect(result.json).toMatchObject({
      error: { message: 'SHIP_REPLICAS (for --replicas) expects a number, got "0x3"' },
    });
  });
});

describe('D3 · env: false keeps an option out of envPrefix', () => {
  it('D3 · SHIP_YES=1 does not confirm `ship db drop`; the flag still does', async () => {
    const env = { SHIP_YES: '1' };
    const stray = await runProgram(ship, ['db', 'drop', '--json'], { env });
    expect(stray.exitCode).toBe(4);
    // The hint names no command ship lacks (it once sent people to `ship db backup`).
    expect(stray.json).toMatchObject({ hint: 'take a backup of the database before you confirm' });
    const flag = await runProgram(ship, ['db', 'drop', '--yes', '--json'], { env });
    expect(flag.exitCode).toBe(0);
    const explain = await runProgram(ship, ['db', 'drop', '--explain', 'yes'], { env });
    expect(explain.stdout).not.toContain('SHIP_YES');
  });

  it('D3 · an option without env: false still reads TOOL_<KEY>', async () => {
    const tool = defineProgram({
      name: 'tool',
      envPrefix: 'TOOL',
      commands: [
        defineCommand({
          name: 'go',
          effects: 'read_only',
          options: { yes: { type: 'boolean', env: false }, loud: { type: 'boolean' } },
          run: (ctx) => ctx.options,
        }),
      ],
    });
    const result = await runProgram(tool, ['go', '--json'], { env: { TOOL_YES: '1', TOOL_LOUD: '1' } });
    expect(result.json).toMatchObject({ data: { loud: true } });
    expect((result.json as { data: Record<string, unknown> }).data.yes).toBeUndefined();
  });
});

describe('E10 · what the caller typed reaches the terminal with its control characters escaped', () => {
  it('E10 · an unknown option carrying an OSC title sequence and a bell', async () => {
    const result = await runProgram(ship, ['status', '--bogus\u001b]0;PWNED\u0007']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(result.stderr).toContain('--bogus\\x1b]0;PWNED\\x07');
  });

  it('E10 · a value with a newline and a CSI sequence cannot forge a line', async () => {
    const result = await runProgram(ship, ['release', '--build', '1', '--channel', 'beta\nerror: \u009b2Jfake']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toHaveLength(1);
    expect(result.stderr).not.toMatch(/[^\P{Cc}\n]/u);
  });
});
