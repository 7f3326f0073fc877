import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, runCli } from './support/cli.js';
import { connectStdio, envelopeOf } from './support/mcp.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-people-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => {
  const dir = join(scratch, String(++dirs));
  rmSync(dir, { recursive: true, force: true });
  return mkdtempSync(`${dir}-`);
};

/** Wall-clock time of a child run, in ms. */
async function timed(args: readonly string[], options: Parameters<typeof runCli>[2]) {
  const started = performance.now();
  const result = await runCli(example('ship'), args, options);
  return { ...result, ms: performance.now() - started };
}

describe('A6 · nobody to answer: refused at once, naming the flag', () => {
  it.each([
    ['stdin closed', {}],
    ['CI=1', { CI: '1' }],
  ])('A6 · %s: exit 2 within a second of a plain start, human and --json; the handler did not run', async (_, env) => {
    const cwd = freshDir();
    const base = await timed(['--version'], { env, cwd });
    const human = await timed(['rollback', '--reason', 'x'], { env, cwd });
    expect(human.code).toBe(2);
    expect(human.stdout).toBe('');
    expect(human.stderr).toContain('error: --service is required when nobody is there to answer');
    expect(human.stderr).toContain('fix: ship rollback --reason x --service <value>');
    const json = await timed(['rollback', '--json'], { env, cwd });
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      error: {
        code: 2,
        message: '--service is required when nobody is there to answer',
        fix: 'ship rollback --json --service <value> --reason <value>',
      },
    });
    for (const run of [human, json]) expect(run.ms).toBeLessThan(base.ms + 1000);
    expect(existsSync(join(cwd, '.ship-rollbacks.log'))).toBe(false);
  });

  it('A6 · the hint says why nobody was asked', async () => {
    const hint = async (env: Record<string, string>) =>
      (await runProgram(ship, ['rollback', '--service', 'api', '--json'], { env })).json;
    expect(await hint({})).toMatchObject({ error: { hint: 'a --json run never asks: pass --reason' } });
    const ci = await runProgram(ship, ['rollback', '--service', 'api'], { env: { CI: 'true' }, stdin: 'tty' });
    expect(ci.stderr).toContain('hint: CI is set, so nobody is at the terminal: pass --reason');
  });

  it.each([
    ['flag', ['--service', 'web', '--reason', 'slow'], {}, undefined],
    ['env', [], { SHIP_SERVICE: 'web', SHIP_REASON: 'slow' }, undefined],
    ['config', [], {}, { rollback: { service: 'web', reason: 'slow' } }],
  ])('A6 · values from %s: no prompt, no refusal, with nobody there', async (_, args, env, config) => {
    const cwd = freshDir();
    if (config !== undefined) writeFileSync(join(cwd, 'ship.config.json'), JSON.stringify(config));
    const result = await runProgram(ship, ['rollback', ...args, '--json'], { env, cwd });
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ ok: true, data: { service: 'web', reason: 'slow' } });
    expect(existsSync(join(cwd, '.ship-rollbacks.log'))).toBe(true);
  });

  it('A6 · D3 · the fix passes the missing flag and never repeats a secret typed on the line', async () => {
    const login = defineCommand({
      name: 'login',
      effects: 'non_idempotent',
      options: {
        token: { type: 'string', secret: true },
        user: { type: 'string', placeholder: 'name', prompt: { message: 'Who?' } },
      },
      run: () => null,
    });
    const result = await runProgram(login, ['--token', 's3cret', '--json']);
    expect(result.stdout).not.toContain('s3cret');
    expect(result.json).toMatchObject({ error: { fix: 'login --token <secret> --json --user <name>' } });
  });

  it('A6 · a default fills a prompted option without asking', async () => {
    const init = defineCommand({
      name: 'init',
      effects: 'non_idempotent',
      options: { region: { type: 'string', default: 'eu', prompt: { message: 'Region?' } } },
      run: (ctx) => ctx.options.region,
    });
    expect(await runProgram(init, ['--json'])).toMatchObject({ exitCode: 0, json: { data: 'eu' } });
  });
});

describe('A6 · ctx.ask asks by the same rule', () => {
  const asked: string[] = [];
  const program = defineProgram({
    name: 'tool',
    commands: [
      defineCommand({
        name: 'init',
        effects: 'non_idempotent',
        options: { yes: { type: 'boolean', env: false } },
        run: async (ctx) => {
          const go = await ctx.ask.confirm({ message: 'Create it?' });
          asked.push('confirm');
          const name = await ctx.ask.text({ message: 'Name it?', flag: '--name', fix: 'tool init --name <value>' });
          asked.push('text');
          return { go, name };
        },
      }),
    ],
  });

  it('A6 · --yes answers the confirm with nobody there; the text is refused with the fix given', async () => {
    asked.length = 0;
    const result = await runProgram(program, ['init', '--yes']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --name is required when nobody is there to answer');
    expect(result.stderr).toContain('fix: tool init --name <value>');
    expect(asked).toEqual(['confirm']);
  });

  it('A6 · --json refuses before --yes is read: even the confirm is not answered', async () => {
    asked.length = 0;
    const result = await runProgram(program, ['init', '--yes', '--json'], { stdin: 'tty', tty: true });
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({
      ok: false,
      error: { code: 2, message: '"Create it?" needs an answer, and nobody is there to answer' },
    });
    expect(asked).toEqual([]);
  });
});

describe('H5 · M9 · progress goes only to a person at a terminal, or to an MCP client that asked', () => {
  it('H5 · piped, the same command writes nothing to stderr', async () => {
    const result = await runCli(example('ship'), ['db', 'backup', '--tables', '3', '--pace', '20']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('tables: 3\nfile:   backup.sql\n');
    expect(result.stderr).toBe('');
  });

  it('M9 · over MCP with a progressToken the official client receives each report; nothing is drawn', async () => {
    const server = await connectStdio(example('ship'));
    try {
      const seen: unknown[] = [];
      const result = await server.client.callTool(
        // Paced: the official client drops a notification that arrives in the same chunk as the result.
        { name: 'db_backup', arguments: { tables: 2, pace: 200 } },
        { onprogress: (progress) => seen.push(progress) },
      );
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { tables: 2 } });
      // The handler counts each table before copying it; the total reached comes with its success (M9).
      expect(seen).toEqual([
        { progress: 0, total: 2, message: 'copying table 1 of 2' },
        { progress: 1, total: 2, message: 'copying table 2 of 2' },
        { progress: 2, total: 2 },
      ]);
      expect(server.stderr()).toBe('');
    } finally {
      await server.close();
    }
  });

  it('A6 · over MCP a prompted option is refused with the tool arguments to pass, never asked', async () => {
    const server = await connectStdio(example('ship'));
    try {
      const result = await server.client.callTool({ name: 'rollback', arguments: { service: 'api' } });
      expect(result.isError).toBe(true);
      expect(envelopeOf(result)).toMatchObject({
        ok: false,
        error: { code: 2, message: '--reason is required when nobody is there to answer' },
      });
    } finally {
      await server.close();
    }
  });
});
