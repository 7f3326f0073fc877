import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

// What a caller sees for a word nothing answers to: the flag refused rather than its value, a
// hint that stays a hint in a program of hundreds of commands, and never a secret echoed.

const login = defineCommand({
  name: 'login',
  description: 'Log in',
  effects: 'non_idempotent',
  options: { token: { type: 'string', secret: true, description: 'the API token' } },
  run: () => ({ ok: true }),
});
const deploy = defineCommand({
  name: 'deploy',
  description: 'Deploy a build',
  effects: 'non_idempotent',
  options: { target: { type: 'string', description: 'where to' } },
  run: (ctx) => ({ target: ctx.options.target ?? null }),
});
const tool = defineProgram({ name: 'tool', commands: [login, deploy] });

const many = (count: number) =>
  defineProgram({
    name: 'big',
    commands: Array.from({ length: count }, (_, i) =>
      defineCommand({ name: `cmd-${i}`, effects: 'read_only', run: () => i }),
    ),
  });

describe('unknown words', () => {
  it('E8 · a mistyped flag before the command: the flag is refused and the word after it is never echoed', async () => {
    for (const argv of [
      ['--tokn', 'SECRET-1234'],
      ['--tokn', 'SECRET-1234', '--json'],
    ]) {
      const result = await runProgram(tool, argv);
      expect(result.exitCode).toBe(2);
      expect(`${result.stdout}${result.stderr}`).toContain('unknown option --tokn for tool');
      expect(`${result.stdout}${result.stderr}`).not.toContain('SECRET-1234');
    }
  });

  it('E8 · the same typo before a command that has the flag: "did you mean --token", the value masked in the fix', async () => {
    const result = await runProgram(tool, ['--tokn', 'SECRET-1234', 'login', '--json']);
    expect(result.exitCode).toBe(2);
    const { error } = JSON.parse(result.stdout);
    expect(error.message).toBe('unknown option --tokn for tool login');
    expect(error.hint).toBe('did you mean --token?');
    expect(result.stdout).not.toContain('SECRET-1234');
  });

  it('E8 · a value before the command name does not hide a typo in the name', async () => {
    const result = await runProgram(tool, ['--target', 'prod', 'deplyo', '--json']);
    const { error } = JSON.parse(result.stdout);
    expect(error.message).toBe('unknown command "deplyo" for tool');
    expect(error.hint).toBe('did you mean deploy?');
    expect(error.fix).toBe('tool --target prod deploy --json');
    const fixed = await runProgram(tool, ['--target', 'prod', 'deploy', '--json']);
    expect(JSON.parse(fixed.stdout).data).toEqual({ target: 'prod' });
  });

  it('E8 · at most three suggestions, however many names are as close', async () => {
    const result = await runProgram(many(30), ['cmd-x', '--json']);
    expect(JSON.parse(result.stdout).error.hint).toBe('did you mean cmd-0 or cmd-1 or cmd-2?');
  });

  it('E8 · with nothing close, a long program lists ten names and says how many more, and where all are listed', async () => {
    const result = await runProgram(many(300), ['nothing-like-it', '--json']);
    // Past 50 commands, --help itself lists only the first 50: the hint names the screen with all of them.
    expect(JSON.parse(result.stdout).error.hint).toBe(
      'big has: cmd-0, cmd-1, cmd-2, cmd-3, cmd-4, cmd-5, cmd-6, cmd-7, cmd-8, cmd-9 and 290 more (see big --help --all)',
    );
    const fifty = await runProgram(many(50), ['nothing-like-it', '--json']);
    expect(JSON.parse(fifty.stdout).error.hint).toBe(
      'big has: cmd-0, cmd-1, cmd-2, cmd-3, cmd-4, cmd-5, cmd-6, cmd-7, cmd-8, cmd-9 and 40 more (see big --help)',
    );
    const short = await runProgram(many(3), ['nothing-like-it', '--json']);
    expect(JSON.parse(short.stdout).error.hint).toBe('big has: cmd-0, cmd-1, cmd-2');
  });
});
