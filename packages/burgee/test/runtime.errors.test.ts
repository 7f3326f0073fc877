// What a handler throws, and how it is classified into an exit code and a failure envelope (E1, E5,
// E7); its own file so the error contract reads apart from the success envelope and global surfaces.
import { describe, expect, it } from 'vitest';
import { AuthError, BurgeeError, ConfigError, defineCommand, defineError, ExitCode, UsageError } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

const throwing = (thrown: () => unknown) =>
  defineCommand({
    name: 'boom',
    effects: 'read_only',
    run: () => {
      throw thrown();
    },
  });

describe('classification of what a handler throws', () => {
  const Quota = defineError({ name: 'QuotaError', code: 42 });
  const cases: [string, number, () => unknown][] = [
    ['UsageError', 2, () => new UsageError('bad')],
    ['ConfigError', 3, () => new ConfigError('bad')],
    ['AuthError', 5, () => new AuthError('bad')],
    ['a defineError class', 42, () => new Quota('over quota')],
    [
      'an object with code USAGE',
      2,
      () => ({ code: 'USAGE', message: '--name is required', fix: 'tool init --name <value>' }),
    ],
    ['an object with code CANCELLED', 4, () => ({ code: 'CANCELLED', message: 'cancelled' })],
    ['an object with code AUTH', 5, () => ({ code: 'AUTH', message: 'no token' })],
    ['an object with code CONFIG', 3, () => ({ code: 'CONFIG', message: 'bad config' })],
    ['an object with an unknown string code', 1, () => ({ code: 'ENOENT', message: 'missing file' })],
    ['a plain Error', 1, () => new Error('broken')],
    ['a string', 1, () => 'just a string'],
    ['undefined', 1, () => undefined],
  ];
  it.each(cases)('E7 · %s becomes exit %i with an envelope on stdout and stderr empty', async (_, code, thrown) => {
    const result = await runProgram(throwing(thrown), ['--json']);
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toBe('');
    expect(result.json).toMatchObject({ ok: false, error: { code } });
    expect(result.stdout).not.toContain('    at ');
  });

  it('E7 · a caique-style refusal keeps its fix, and human output prints error/hint/fix without a stack', async () => {
    const program = throwing(() => ({
      code: 'USAGE',
      message: '--name is required when nobody is there to answer',
      fix: 'tool init --name <value>',
    }));
    const human = await runProgram(program, []);
    expect(human.stderr).toBe(
      'error: --name is required when nobody is there to answer\nfix: tool init --name <value>\n',
    );
    expect(human.exitCode).toBe(2);
  });

  it('E7 · BURGEE_DEBUG=1 adds the stack for a person', async () => {
    const result = await runProgram(
      throwing(() => new Error('broken')),
      [],
      { env: { BURGEE_DEBUG: '1' } },
    );
    expect(result.stderr).toContain('error: broken');
    expect(result.stderr).toContain('    at ');
  });

  it("E1 · defineError refuses the contract's own codes and a code already taken", () => {
    expect(() => defineError({ name: 'Mine', code: 2 })).toThrow(/7–125/);
    expect(() => defineError({ name: 'Other', code: 42 })).toThrow(/already taken by "QuotaError"/);
  });

  it('E1 · ExitCode is the contract table', () => {
    expect(ExitCode).toEqual({ OK: 0, RUNTIME: 1, USAGE: 2, CONFIG: 3, CANCELLED: 4, AUTH: 5, SIGINT: 130 });
  });

  it('E7 · ctx.exit(code) ends the run with that code and prints nothing for a person', async () => {
    const program = defineCommand({ name: 'quit', effects: 'read_only', run: (ctx) => ctx.exit(9) });
    const human = await runProgram(program, []);
    expect(human).toMatchObject({ exitCode: 9, stdout: '', stderr: '' });
    const json = await runProgram(program, ['--json']);
    expect(json.json).toMatchObject({ ok: false, error: { code: 9 } });
  });
});

describe('a failure with something to show', () => {
  const findings = { findings: [{ rule: 'missing-example', command: 'deploy' }], counts: { errors: 1 } };

  it('E5 · a BurgeeError given data prints {"ok":false,"data":…,"error":…}, exit = error.code; a person sees the error only', async () => {
    const program = throwing(() => new BurgeeError(1, '1 error', { hint: 'fix it', data: findings }));
    const json = await runProgram(program, ['--json']);
    expect(json.exitCode).toBe(1);
    expect(json.stderr).toBe('');
    expect(json.stdout).toBe(
      `{"ok":false,"data":${JSON.stringify(findings)},"error":{"code":1,"message":"1 error","hint":"fix it"}}\n`,
    );
    const human = await runProgram(program, []);
    expect(human).toMatchObject({ exitCode: 1, stdout: '', stderr: 'error: 1 error\nhint: fix it\n' });
    const Quota = defineError({ name: 'DataQuota', code: 43 });
    const defined = await runProgram(
      throwing(() => new Quota('full', { data: [1, 2] })),
      ['--json'],
    );
    expect(defined.json).toEqual({ ok: false, data: [1, 2], error: { code: 43, message: 'full' } });
  });

  it("E5 · another library's error with a data field publishes no data", async () => {
    const json = await runProgram(
      throwing(() => Object.assign(new Error('HTTP 500'), { data: { token: 's3cret' } })),
      ['--json'],
    );
    expect(json.json).toEqual({ ok: false, error: { code: 1, message: 'HTTP 500' } });
  });

  it('E3 · data that JSON cannot hold is left out of the failure, which says so: still one envelope', async () => {
    const json = await runProgram(
      throwing(() => new UsageError('refused', { data: { big: 10n } })),
      ['--json'],
    );
    expect(json.exitCode).toBe(2);
    expect(json.stdout.trim().split('\n')).toHaveLength(1);
    expect(json.json).toMatchObject({ ok: false, error: { code: 2, message: 'refused' } });
    expect((json.json as { data?: unknown }).data).toBeUndefined();
    expect((json.json as { error: { hint: string } }).error.hint).toMatch(/^its data was left out: .*BigInt/);
  });
});
