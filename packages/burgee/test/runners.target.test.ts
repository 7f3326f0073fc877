// What each runner is handed: a program or a command, and nothing else. The slip a reader makes most,
// `runProgram(asProgram(command), …)` without `await`, is refused in one line that says to await it,
// instead of a usage error about a command with no name.
import { describe, expect, it } from 'vitest';
import { asProgram, Command } from '../src/adapters/commander/index.js';
import { defineCommand } from '../src/index.js';
import { serveMcp } from '../src/mcp.js';
import { connectMcp, runProgram, startMcpHttp } from '../src/testing/index.js';
import { repoRoot, runCli } from './support/cli.js';

const tasks = (): Command => {
  const program = new Command('tasks');
  program
    .command('list')
    .effects('read_only')
    .action(() => ['write docs']);
  return program;
};

const awaitIt = (runner: string) =>
  new RegExp(
    `^${runner}\\(\\) was handed a Promise, not a program: await it first, e\\.g\\. ${runner}\\(await asProgram`,
  );

describe('T1 · a runner handed a Promise says to await it', () => {
  it('T1 · F1 · runProgram(asProgram(command)) rejects with a TypeError; awaited, it runs', async () => {
    // @ts-expect-error: the slip under test; the types refuse it too
    const slip = runProgram(asProgram(tasks()), ['list', '--json']);
    await expect(slip).rejects.toThrow(TypeError);
    await expect(slip).rejects.toThrow(awaitIt('runProgram'));
    await expect(slip).rejects.toThrow('runProgram(await asProgram(command), argv)');
    const result = await runProgram(await asProgram(tasks()), ['list', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ ok: true, data: ['write docs'] });
  });

  it('T1 · M7 · connectMcp, startMcpHttp and serveMcp refuse a Promise the same way, serving nothing', async () => {
    // @ts-expect-error: the slip under test
    await expect(connectMcp(asProgram(tasks()))).rejects.toThrow(awaitIt('connectMcp'));
    // @ts-expect-error: the slip under test
    await expect(startMcpHttp(asProgram(tasks()))).rejects.toThrow(awaitIt('startMcpHttp'));
    // @ts-expect-error: the slip under test
    await expect(serveMcp(asProgram(tasks()))).rejects.toThrow(awaitIt('serveMcp'));
  });

  it('T1 · anything else that is no program is named, with what to pass instead', async () => {
    const expected = 'runProgram() takes what defineProgram or defineCommand returns, or await asProgram(command)';
    // @ts-expect-error: a commander Command itself, not its burgee program
    await expect(runProgram(tasks(), ['list'])).rejects.toThrow(
      `${expected} for a commander or yargs program; it was handed an instance of Command`,
    );
    // @ts-expect-error: nothing at all
    await expect(runProgram(undefined, [])).rejects.toThrow(/it was handed undefined$/);
    // @ts-expect-error: an options object in place of the command
    await expect(runProgram({ name: 'x' }, [])).rejects.toThrow(/it was handed an object with name$/);
    const command = defineCommand({ name: 'hi', effects: 'read_only', run: () => 'hi' });
    expect((await runProgram(command, [])).stdout).toBe('hi\n');
  });
});

describe('E7 · run() handed what it cannot run', () => {
  const script = `${repoRoot}packages/burgee/test/fixtures/run-a-promise.mjs`;

  it('E7 · a Promise: one line on stderr saying to await it, exit 1, no stack trace', async () => {
    const result = await runCli(script, ['promise']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      'error: run() was handed a Promise, not a program: await it first, e.g. run(await asProgram(command))\n',
    );
  });

  it('E7 · M8 · under burgee dev the entry fails to load with that line, and dev says so', async () => {
    const result = await runCli(`${repoRoot}packages/burgee/bin/cli.mjs`, ['dev', script]);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'TypeError: run() takes what defineProgram or defineCommand returns, or await asProgram(command) for a commander or yargs program; it was handed undefined',
    );
  });

  it('E7 · undefined: one line naming it, exit 1', async () => {
    const result = await runCli(script, ['nothing']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: run\(\) takes what defineProgram or defineCommand returns, .*; it was handed undefined\n$/,
    );
  });
});
