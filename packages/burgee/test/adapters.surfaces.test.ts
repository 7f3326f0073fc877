import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { type Cleanups, scratch, startDev, until } from './support/dev.js';
import { connectStdio, texts } from './support/mcp.js';

const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);
const fixtures = `${repoRoot}packages/burgee/test/fixtures/adapters`;

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The same program, written for each host: what differs is each library's own wording and error codes. */
const hosts = [
  {
    name: 'commander',
    script: `${fixtures}/commander.mjs`,
    missing: { message: "missing required argument 'target'", host: 'commander.missingArgument' },
    unknownCommand: { argv: ['deplyo', 'prod'], fix: 'ship deploy prod --json', host: 'commander.unknownCommand' },
    badChoice: 'commander.invalidArgument',
    broke: { code: 3, message: 'it broke', host: { code: 'ship.broke', exitCode: 3 } },
  },
  {
    name: 'yargs',
    script: `${fixtures}/yargs.mjs`,
    missing: { message: 'Not enough non-option arguments: got 0, need at least 1', host: 'yargs.fail' },
    unknownCommand: { argv: ['deplyo', 'prod'], fix: 'ship deploy prod --json', host: 'yargs.fail' },
    badChoice: 'yargs.fail',
    broke: { code: 3, message: 'it broke' },
  },
] as const;

describe.each(hosts)('F4 · --json on a $name program', (host) => {
  const json = (...argv: string[]) => runCli(host.script, [...argv, '--json']);

  it('F4 · the action return value is data; what the action prints goes to stderr', async () => {
    const result = await json('deploy', 'prod', '-r', 'us');
    expect(result.stdout).toBe(
      '{"ok":true,"data":{"target":"prod","region":"us","dryRun":false},"meta":{"provenance":{"region":{"source":"flag","location":"--region"}}}}\n',
    );
    expect(result.stderr).toBe('deploying prod\n');
    expect(result.code).toBe(0);
  });

  it('F4 · an async action resolves to data; an action that returns nothing is data null', async () => {
    expect((await json('status')).stdout).toBe('{"ok":true,"data":{"up":true},"meta":{"provenance":{}}}\n');
  });

  it.each([
    ['a missing argument', ['deploy'], 2],
    ['an unknown option, with the corrected line as fix', ['deploy', 'prod', '--regon', 'us'], 2],
    ['an unknown command', ['deplyo', 'prod'], 2],
    ['a value outside the choices', ['deploy', 'prod', '--region', 'mars'], 2],
    ['a group run without its command', [], 2],
    ["the program's own error with its own exit code", ['broke'], 3],
    ['an action that throws', ['throws'], 1],
  ])('F4 · %s is one E5 envelope on stdout, stderr empty', async (_, argv, code) => {
    const result = await json(...argv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(code);
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trim().includes('\n')).toBe(false);
    const envelope = JSON.parse(result.stdout) as { ok: boolean; error: { code: number; message: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error.code).toBe(code);
    expect(envelope.error.message).not.toMatch(/^error:/);
  });

  it("F4 · usage errors keep the host's own code and the message it would have printed", async () => {
    const missing = JSON.parse((await json('deploy')).stdout);
    expect(missing.error).toMatchObject({ code: 2, message: host.missing.message, host: { code: host.missing.host } });
    const typo = JSON.parse((await json('deploy', 'prod', '--regon', 'us')).stdout);
    expect(typo.error).toMatchObject({ hint: 'did you mean --region?', fix: 'ship deploy prod --region us --json' });
    const command = JSON.parse((await json(...host.unknownCommand.argv)).stdout);
    expect(command.error).toMatchObject({ fix: host.unknownCommand.fix, host: { code: host.unknownCommand.host } });
    const choice = JSON.parse((await json('deploy', 'prod', '--region', 'mars')).stdout);
    expect(choice.error.host.code).toBe(host.badChoice);
    const broke = JSON.parse((await json('broke')).stdout);
    expect(broke.error).toEqual(host.broke);
  });

  it('F4 · --help and --version under --json are data: the help text stays the host’s own', async () => {
    const plain = await runCli(host.script, ['deploy', '--help']);
    const help = JSON.parse((await json('deploy', '--help')).stdout);
    expect(help.data.help).toBe(plain.stdout);
    expect((await json('--version')).stdout).toBe('{"ok":true,"data":{"version":"1.0.0"},"meta":{"provenance":{}}}\n');
  });
});

describe.each(hosts)('S5 · --schema of a $name program', (host) => {
  it('S5 · validates against program-schema.json (ajv, 2020-12); undeclared and withheld are marked', async () => {
    const result = await runCli(host.script, ['--schema']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const effects = Object.fromEntries(
      document.commands.map((c: { name: string; effects: string }) => [c.name, c.effects]),
    );
    expect(effects).toEqual({
      deploy: 'non_idempotent',
      status: 'read_only',
      legacy: 'undeclared',
      purge: 'withheld',
      broke: 'read_only',
      throws: 'read_only',
    });
    const drilled = await runCli(host.script, ['deploy', '--schema', '--field', 'inputSchema.properties.region']);
    expect(drilled.stdout).toBe(
      '{"type":"string","description":"region to deploy in","enum":["eu","us"],"default":"eu"}\n',
    );
  });
});

describe.each(hosts)('M2 · --mcp on a $name program, driven by the official client', (host) => {
  it('M2 · tools with hints from effects; undeclared has no hint keys; withheld is absent', async () => {
    const server = await connectStdio(host.script);
    cleanups.push(server.close);
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['deploy', 'status', 'legacy', 'broke', 'throws']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.deploy!.annotations).toEqual({ readOnlyHint: false, idempotentHint: false, destructiveHint: true });
    expect(byName.status!.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
    expect(byName.legacy!.annotations).toBeUndefined();
    const purge = await server.client.callTool({ name: 'purge', arguments: {} }).catch((error: Error) => error);
    expect(String(purge)).toContain('unknown tool');
  });

  it('M4 · a tool result is the --json envelope byte for byte, for success and failure', async () => {
    const server = await connectStdio(host.script);
    cleanups.push(server.close);
    const calls: [string, Record<string, unknown>, string[]][] = [
      ['deploy', { target: 'prod', region: 'us', dryRun: true }, ['deploy', '--region', 'us', '--dry-run', 'prod']],
      ['deploy', { target: 'prod', region: 'mars' }, ['deploy', '--region', 'mars', 'prod']],
      ['broke', {}, ['broke']],
      ['legacy', {}, ['legacy']],
    ];
    for (const [name, args, argv] of calls) {
      const result = await server.client.callTool({ name, arguments: args });
      const cli = await runCli(host.script, [...argv, '--json']);
      expect(texts(result).envelope).toBe(cli.stdout.trimEnd());
      expect(result.isError).toBe(cli.code !== 0);
    }
    const deployed = await server.client.callTool({ name: 'deploy', arguments: { target: 'prod' } });
    expect(texts(deployed).captured).toBe('deploying prod\n');
  });
});

describe('F3 · a program that declares a surface itself keeps it', () => {
  it('F3 · its own --json runs as before, and --schema names it under shadows', async () => {
    const script = `${fixtures}/commander-shadows.mjs`;
    const own = await runCli(script, ['--json']);
    expect(own).toMatchObject({ code: 0, stdout: 'my own json\n', stderr: '' });
    const schema = JSON.parse((await runCli(script, ['--schema'])).stdout);
    expect(schema.shadows).toEqual(['--json']);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("F3 · a flag one command declares is that command's alone", () => {
  const script = `${fixtures}/commander-own-flags.mjs`;

  it('F3 · check keeps its --json, trace answers the envelope', async () => {
    expect(await runCli(script, ['check', '--json'])).toMatchObject({ code: 0, stdout: '{"issues":[]}\n', stderr: '' });
    const traced = await runCli(script, ['trace', 'sentence', '--json']);
    expect(traced).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(traced.stdout)).toMatchObject({ ok: true, data: { word: 'sentence', found: true } });
  });

  it("F3 · init keeps its --schema, the program answers burgee's", async () => {
    expect(await runCli(script, ['init', '--schema', 'x.json'])).toMatchObject({
      code: 0,
      stdout: 'init with x.json\n',
      stderr: '',
    });
    const schema = JSON.parse((await runCli(script, ['--schema'])).stdout);
    expect(schema.commands.map((c: { name: string }) => c.name)).toEqual(['check', 'trace', 'init']);
    expect(schema.shadows).toEqual(['--json', '--schema']);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
    const trace = JSON.parse((await runCli(script, ['trace', '--schema'])).stdout);
    expect(trace.name).toBe('trace');
  });
});

describe.each(hosts)('M8 · burgee dev serving a $name entry', (host) => {
  it('M8 · serves its tools and reloads them when the entry is saved', async () => {
    const dir = scratch(cleanups);
    const entry = join(dir, 'adapter.mjs');
    writeFileSync(entry, readFileSync(host.script, 'utf8'));
    const dev = await startDev(cleanups, dir, 'adapter.mjs');
    expect((await dev.client.listTools()).tools.map((t) => t.name)).toContain('deploy');
    writeFileSync(entry, readFileSync(entry, 'utf8').replace("'Show the status'", "'Show the status, briefly'"));
    const tools = await until(
      () => dev.lists.find((list) => list.some((t) => t.description === 'Show the status, briefly')),
      () => `a reloaded list; stderr: ${dev.stderr()}`,
    );
    expect(tools.map((t) => t.name)).toEqual(['deploy', 'status', 'legacy', 'broke', 'throws']);
    expect(dev.stderr()).toContain('~ status');
    const result = await dev.client.callTool({ name: 'status', arguments: {} });
    expect(texts(result).envelope).toBe('{"ok":true,"data":{"up":true},"meta":{"provenance":{}}}');
  });
});

/** Completes `line` in a real `bash --norc` through the function `ship completion bash` registered. */
async function bashComplete(script: string, line: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-adapter-shell-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'ship'), `#!/bin/sh\nexec '${process.execPath}' '${script}' "$@"\n`);
  chmodSync(join(bin, 'ship'), 0o755);
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: dir, LANG: 'C.UTF-8' };
  const words = line.split(' ');
  const program = [
    'source <(ship completion bash)',
    `fn=$(complete -p ship | sed -E 's/.*-F ([^ ]+) .*/\\1/')`,
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE='${line}'`,
    `COMP_POINT=${line.length}`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    '"$fn" ship "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const { stdout } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', program], { env, cwd: dir });
  return stdout.split('\n').filter(Boolean);
}

describe.each(hosts)('C1 K1 · completion and client configuration for a $name program', (host) => {
  it('C1 · completion bash, run by a real bash, completes its commands, options and choices', async () => {
    expect(await bashComplete(host.script, 'ship dep')).toEqual(['deploy']);
    expect(await bashComplete(host.script, 'ship deploy --reg')).toEqual(['--region']);
    expect((await bashComplete(host.script, 'ship deploy --region ')).sort()).toEqual(['eu', 'us']);
  });

  it('K1 · mcp config claude-code names the program and its --mcp server; --help stays the host’s', async () => {
    const result = await runCli(host.script, ['mcp', 'config', 'claude-code', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const { data } = JSON.parse(result.stdout);
    expect(data).toMatchObject({ client: 'claude-code', key: 'mcpServers.ship' });
    expect(data.entry.args).toEqual([host.script, '--mcp']);
    const help = await runCli(host.script, ['--help']);
    expect(help.stdout).not.toMatch(/completion|--schema|--mcp|--json/);
  });
});
