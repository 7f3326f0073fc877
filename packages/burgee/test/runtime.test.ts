import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  BurgeeError,
  ConfigError,
  defineCommand,
  defineError,
  defineProgram,
  ExitCode,
  UsageError,
} from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';

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
