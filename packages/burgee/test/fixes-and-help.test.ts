import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

describe('P6 · a fix is never the failing command itself', () => {
  const switches: [string[], string, string][] = [
    [['release', '--build', '1', '--json=true'], '--json takes no value', 'ship release --build 1 --json'],
    [['release', '--build', '1', '--help=1'], '--help takes no value', 'ship release --build 1 --help'],
    [['release', '--build', '1', '--no-verify=1'], '--no-verify takes no value', 'ship release --build 1 --no-verify'],
  ];
  it.each(switches)(
    'P6 · %j is refused as a switch given a value, with a fix that drops it',
    async (argv, message, fix) => {
      const result = await runProgram(ship, argv);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`error: ${message}\n`);
      expect(result.stderr).toContain(`fix: ${fix}\n`);
      const fixed = await runProgram(ship, fix.split(' ').slice(1), { env: { SHIP_DRY_RUN: '1' } });
      expect(fixed.exitCode).toBe(0);
    },
  );

  it('P6 · a refusal whose fix would repeat the failing line has no fix at all', async () => {
    const tool = defineProgram({
      name: 'tool',
      commands: [
        defineCommand({
          name: 'go',
          effects: 'read_only',
          run: () => {
            throw { code: 'USAGE', message: 'not today', fix: 'tool go --json' };
          },
        }),
      ],
    });
    const result = await runProgram(tool, ['go', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toEqual({ ok: false, error: { code: 2, message: 'not today' } });
  });
});

describe('S3 · --field names the step that named nothing', () => {
  it.each([
    [
      ['release', '--schema', '--field', 'inputSchema.nope'],
      '--field inputSchema.nope: no field "nope" in inputSchema',
    ],
    [['--schema', '--field', 'nope'], '--field nope: no field "nope"'],
    [['--schema', '--field', 'commands.99'], '--field commands.99: no field "99" in commands'],
  ])('S3 · %j', async (argv, message) => {
    const result = await runProgram(ship, [...argv, '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({ error: { message } });
  });
});

describe('H2 · help in any terminal', () => {
  const tool = defineProgram({
    name: 'notes',
    envPrefix: 'NOTES',
    commands: [
      defineCommand({
        name: 'add',
        effects: 'non_idempotent',
        options: {
          tag: {
            type: 'string',
            multiple: true,
            env: 'NOTES_TAG',
            description: 'labels for the note, any number of them',
          },
        },
        run: () => null,
      }),
    ],
  });

  it('H2 · a terminal that reports 0 columns gets help 80 wide, not one word per line', async () => {
    const zero = await runProgram(ship, ['release', '--help'], { tty: 0, env: { NO_COLOR: '1' } });
    const piped = await runProgram(ship, ['release', '--help'], { env: {} });
    expect(zero.stdout).toBe(piped.stdout);
  });

  it('H2 · [env: NAME] never breaks across lines, at any width', async () => {
    for (let width = 30; width <= 90; width++) {
      const result = await runProgram(tool, ['add', '--help'], { tty: width, env: { NO_COLOR: '1' } });
      expect(result.stdout).toContain('[env: NOTES_TAG]');
    }
  });

  it('H2 · --version is listed only when a version is known; then it prints it', async () => {
    const none = await runProgram(tool, ['--help'], { env: {} });
    expect(none.stdout).not.toContain('--version');
    const shipHelp = await runProgram(ship, ['--help'], { env: {} });
    expect(shipHelp.stdout).toContain('--version');
    expect((await runProgram(ship, ['--version'])).stdout).toBe('1.0.0\n');
  });
});
