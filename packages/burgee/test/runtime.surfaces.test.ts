// Global surfaces every program has: --version, --mcp and --help --json, runProgram, deprecation
// warnings (D3, H2, H4, M1, T1); its own file so the surfaces read apart from the run's envelopes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';

describe('global surfaces', () => {
  it('H4 · --version prints the declared version', async () => {
    const result = await runCli(example('ship'), ['--version']);
    expect(result.stdout).toBe('1.0.0\n');
  });

  it("H4 · without a declared version, --version prints the owning package.json's", async () => {
    const result = await runCli(example('deploy'), ['--version']);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.code).toBe(0);
  });

  it('M1 · --mcp after a command name is refused, never mistaken for running that command', async () => {
    const result = await runCli(example('deploy'), ['deploy', '--target', 'prod', '--yes', '--mcp', '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: 2, fix: 'tool --mcp' } });
  });

  it('M1 · in-process runs cannot hand the test process over to an MCP server', async () => {
    const { program } = await import('../../../examples/deploy/cli.mjs');
    const result = await runProgram(program, ['--mcp', '--json']);
    expect(result.exitCode).toBe(2);
    expect((result.json as { error: { hint: string } }).error.hint).toContain('connectMcp');
  });

  it('H4 · --version answers on any command', async () => {
    const result = await runCli(example('ship'), ['release', '--version']);
    expect(result.stdout).toBe('1.0.0\n');
  });

  it('H2 · --help --json prints help as data in the envelope', async () => {
    const result = await runCli(example('deploy'), ['deploy', '--help', '--json']);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.ok).toBe(true);
    expect(envelope.data.usage).toContain('tool deploy');
  });

  it('T1 · runProgram gives exit code, both streams and parsed JSON, with nothing spawned', async () => {
    const { program } = await import('../../../examples/deploy/cli.mjs');
    const result = await runProgram(program, ['deploy', '--target', 'prod', '--yes', '--json'], {
      env: { CLAUDECODE: '1' },
    });
    expect(result).toEqual({
      exitCode: 0,
      stdout:
        '{"ok":true,"data":{"target":"prod","agent":"claude-code"},"meta":{"provenance":{"target":{"source":"flag","location":"--target"},"yes":{"source":"flag","location":"--yes"}}}}\n',
      stderr: '',
      json: {
        ok: true,
        data: { target: 'prod', agent: 'claude-code' },
        meta: {
          provenance: { target: { source: 'flag', location: '--target' }, yes: { source: 'flag', location: '--yes' } },
        },
      },
    });
  });
});

describe('D3 · deprecation: help and the warning say the same, naming what was used', () => {
  const push = defineCommand({
    name: 'push',
    description: 'Push a build',
    effects: 'non_idempotent',
    deprecated: 'use release instead',
    options: { old: { type: 'boolean', deprecated: '--new', description: 'the old switch' } },
    run: () => 'pushed',
  });

  it('D3 · a one-command program names its command in the warning, in the words help shows (probe: deprecated-one-command)', async () => {
    const ran = await runProgram(push, []);
    expect(ran.stderr).toBe('warning: push is deprecated: use release instead\n');
    const help = await runProgram(push, ['--help']);
    expect(help.stdout).toContain('\nPush a build\n(deprecated: use release instead)\n');
  });

  it('D3 · a subcommand is named as typed; a bare replacement reads "use <name>" in both (probe: deprecated-said-twice)', async () => {
    const program = defineProgram({ name: 'tool', commands: [push] });
    const ran = await runProgram(program, ['push', '--old']);
    expect(ran.stderr).toBe(
      'warning: tool push is deprecated: use release instead\nwarning: --old is deprecated: use --new\n',
    );
    const help = await runProgram(program, ['push', '--help']);
    expect(help.stdout).toMatch(/ {2}--old {2,}the old switch \(deprecated: use --new\)\n/);
    expect((await runProgram(program, ['push', '--old', '--json'])).stderr).toBe('');
  });
});

describe('H4 · --version is the exact version of the package that owns the program', () => {
  const own = (file: string): string => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;

  it('H4 · a version no pattern would guess, from the nearest package.json (probe: version-exact)', async () => {
    // Inside the repository, so `burgee` resolves from its node_modules; .cache is absent on a fresh clone.
    mkdirSync(join(repoRoot, 'node_modules', '.cache'), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, 'node_modules', '.cache', 'burgee-version-'));
    try {
      writeFileSync(join(dir, 'package.json'), '{ "name": "odd", "version": "4.5.6-rc.1+build.7", "type": "module" }');
      mkdirSync(join(dir, 'bin'));
      writeFileSync(
        join(dir, 'bin', 'cli.mjs'),
        "import { defineCommand, run } from 'burgee';\nawait run(defineCommand({ name: 'odd', effects: 'read_only', run: () => 1 }));\n",
      );
      const result = await runCli(join(dir, 'bin', 'cli.mjs'), ['--version']);
      expect(result).toMatchObject({ code: 0, stdout: '4.5.6-rc.1+build.7\n', stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("H4 · the deploy example prints its package.json's version, and the burgee binary burgee's (probe: version-exact)", async () => {
    const deploy = await runCli(example('deploy'), ['--version']);
    expect(deploy.stdout).toBe(`${own(`${repoRoot}examples/deploy/package.json`)}\n`);
    // The binary names the MCP SDK compiled into it too (package.json's `vendored`).
    const manifest = JSON.parse(readFileSync(`${repoRoot}packages/burgee/package.json`, 'utf8')) as {
      version: string;
      vendored: Record<string, string>;
    };
    const sdk = '@modelcontextprotocol/server';
    const burgee = await runCli(`${repoRoot}packages/burgee/bin/cli.mjs`, ['--version']);
    expect(burgee.stdout).toBe(`${manifest.version} (bundles ${sdk} ${manifest.vendored[sdk]})\n`);
  });
});
