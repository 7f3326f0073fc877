import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, runProgram } from '../src/testing/index.js';
import { program } from './fixtures/shells/cli.mjs';

const SYNTHESISED = ['help', 'completion', 'mcp', 'skills', '__complete'];

describe('K3 · synthesised commands stay out of the manifest', () => {
  it('K3 · none appears in --schema', async () => {
    const { stdout, exitCode } = await runProgram(program, ['--schema']);
    expect(exitCode).toBe(0);
    const names = (JSON.parse(stdout) as { commands: { name: string }[] }).commands.map((c) => c.name);
    expect(names).toContain('deploy');
    for (const name of SYNTHESISED) {
      expect(names.some((n) => n === name || n.startsWith(`${name} `))).toBe(false);
      expect(stdout).not.toContain(`"${name}`);
    }
  });

  it('K3 · none appears in tools/list', async () => {
    const client = await connectMcp(program);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('deploy');
      for (const name of SYNTHESISED) expect(names.filter((n) => n === name || n.startsWith(`${name}_`))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('K3 · help lists them', () => {
  it("K3 · L6 · the root help lists help, completion, mcp and skills after the program's commands; never __complete", async () => {
    const { stdout } = await runProgram(program, ['--help']);
    const rows = stdout
      .split('\n')
      .filter((row) => /^ {2}\S/.test(row))
      .map((row) => row.trim().split(/\s+/)[0]);
    expect(rows).toEqual(['deploy', 'config', 'drop', 'lazy', 'help', 'completion', 'mcp', 'skills', '-h,']);
    expect(stdout).not.toContain('__complete');
  });

  it('K3 · help mcp prints the usage of the synthesised command', async () => {
    const { stdout, exitCode } = await runProgram(program, ['help', 'mcp']);
    expect(exitCode).toBe(0);
    expect(stdout).toContain('Usage: tool mcp <config|install> <client>');
  });
});

describe('K3 · help [command…]', () => {
  it.each([[['deploy']], [['config', 'get']], [[]], [['config']]])('K3 · help %j equals --help', async (path) => {
    const viaHelp = await runProgram(program, ['help', ...path]);
    const viaFlag = await runProgram(program, [...path, '--help']);
    expect(viaHelp).toEqual(viaFlag);
    expect(viaHelp.exitCode).toBe(0);
  });

  it('K3 · help deploy --json equals deploy --help --json', async () => {
    expect(await runProgram(program, ['help', 'deploy', '--json'])).toEqual(
      await runProgram(program, ['deploy', '--help', '--json']),
    );
  });

  it.each([
    ['completion', '--help'],
    ['mcp', '-h'],
    ['mcp', 'config', '--help', '--json'],
  ])('K3 · %s %s on a synthesised command equals help %s', async (name, ...rest) => {
    const viaFlag = await runProgram(program, [name, ...rest]);
    const viaHelp = await runProgram(program, ['help', name, ...rest.filter((w) => w === '--json')]);
    expect(viaFlag).toEqual(viaHelp);
    expect(viaFlag.exitCode).toBe(0);
    expect(viaFlag.stdout).toContain(`tool ${name} `);
  });

  it('K3 · help for a command that does not exist is the unknown-command error', async () => {
    const result = await runProgram(program, ['help', 'deplyo']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown command "deplyo"');
  });
});

describe('K3 · a program that declares the name keeps its own', () => {
  const own = defineProgram({
    name: 'own',
    commands: [
      defineCommand({ name: 'help', description: 'its own help', effects: 'read_only', run: () => 'own help' }),
      defineCommand({ name: 'mcp', description: 'its own mcp', effects: 'read_only', run: () => 'own mcp' }),
      defineCommand({ name: 'other', description: 'another', effects: 'read_only', run: () => 'other' }),
    ],
  });

  it('K3 · its help and mcp commands run its handlers; completion is still synthesised', async () => {
    expect((await runProgram(own, ['help'])).stdout).toBe('own help\n');
    expect((await runProgram(own, ['mcp', '--json'])).json).toMatchObject({ ok: true, data: 'own mcp' });
    const script = await runProgram(own, ['completion', 'bash']);
    expect(script.exitCode).toBe(0);
    expect(script.stdout).toContain('complete -F _own own');
  });

  it('K3 · a one-command program with positionals reads every word as its own', async () => {
    const echo = defineCommand({
      name: 'echo',
      effects: 'read_only',
      arguments: [{ name: 'words', variadic: true }],
      run: (ctx) => ctx.args.words,
    });
    expect((await runProgram(echo, ['help', 'me', '--json'])).json).toMatchObject({ data: ['help', 'me'] });
  });
});

describe('C1 · K1 · a word left out is named as a person would say it', () => {
  it.each([
    [['completion'], 'tool completion needs a shell'],
    [['mcp'], 'tool mcp needs a command'],
    [['mcp', 'config'], 'tool mcp config needs a client'],
    [['mcp', 'install'], 'tool mcp install needs a client'],
  ])('C1 · K1 · %j: "%s", exit 2', async (argv, message) => {
    const { exitCode, stderr } = await runProgram(program, argv);
    expect(exitCode).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`error: ${message}`);
  });
});
