import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram } from '../src/testing/index.js';
import { program as vault } from './fixtures/vault.mjs';
import { runCli } from './support/cli.js';
import { connectStdio, type StdioServer } from './support/mcp.js';

// D3: a secret's value appears nowhere — not in an error, a hint, a fix, help, --schema, --explain
// or an MCP result — however it arrived (flag, env, config) and whatever went wrong around it.
const SECRETS = [
  'hunter2SECRET',
  '31337',
  '4242',
  'alphq',
  'zuluSECRET',
  'dfltSALTsecret',
  'abcPINsecret',
  'otpSECRETcode',
  'flagSECRETvalue',
];
const script = fileURLToPath(new URL('./fixtures/vault.mjs', import.meta.url));

/** Fails naming the secret and the bytes around it when any secret is anywhere in `output`. */
function expectNoSecret(output: string, what: string): void {
  for (const secret of SECRETS) {
    const at = output.indexOf(secret);
    if (at !== -1)
      expect.fail(`${what} printed the secret ${secret}: …${output.slice(Math.max(0, at - 60), at + 40)}…`);
  }
}

let cwd: string;
beforeAll(() => {
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'burgee-secrets-')));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

type Path = { title: string; argv: string[]; env?: Record<string, string>; config?: unknown; exit: number };

const paths: Path[] = [
  {
    title: 'a typo’d flag after a secret',
    argv: ['open', '--name', 'ann', '--token', 'hunter2SECRET', '--verbos'],
    exit: 2,
  },
  { title: 'a typo’d secret flag, value apart', argv: ['open', '--name', 'ann', '--tokn', 'hunter2SECRET'], exit: 2 },
  { title: 'a typo’d secret flag, value inline', argv: ['open', '--name', 'ann', '--tokn=hunter2SECRET'], exit: 2 },
  { title: 'a short secret flag, grouped, then a typo', argv: ['open', '-thunter2SECRET', '--nme', 'ann'], exit: 2 },
  { title: 'a typo’d command', argv: ['opn', '--name', 'ann', '--token', 'hunter2SECRET'], exit: 2 },
  { title: 'a typo’d command, secret inline', argv: ['opne', '--token=hunter2SECRET', '-t', 'hunter2SECRET'], exit: 2 },
  { title: 'a missing required option', argv: ['open', '--token', 'hunter2SECRET'], exit: 2 },
  { title: 'an unexpected argument', argv: ['open', 'a', 'b', '--name', 'x', '--token', 'hunter2SECRET'], exit: 2 },
  { title: 'a switch given a value', argv: ['open', '--name', 'x', '--token=hunter2SECRET', '--json=true'], exit: 2 },
  { title: 'a secret number out of range (flag)', argv: ['open', '--name', 'x', '--pin', '31337'], exit: 2 },
  {
    title: 'a secret number below range (flag)',
    argv: ['open', '--name', 'x', '--pin=4242', '--pin', '31337'],
    exit: 2,
  },
  { title: 'a secret number of the wrong type', argv: ['open', '--name', 'x', '--pin', 'abcPINsecret'], exit: 2 },
  { title: 'a secret choice that is close to one', argv: ['open', '--name', 'x', '--key', 'alphq'], exit: 2 },
  { title: 'a secret choice far from any', argv: ['open', '--name', 'x', '--key', 'zuluSECRET'], exit: 2 },
  { title: 'a secret number from env', argv: ['open', '--name', 'x'], env: { VAULT_PIN: '31337' }, exit: 3 },
  {
    title: 'a secret of the wrong type from env',
    argv: ['open', '--name', 'x'],
    env: { VAULT_PIN: 'abcPINsecret' },
    exit: 3,
  },
  { title: 'a secret choice from env', argv: ['open', '--name', 'x'], env: { VAULT_KEY: 'alphq' }, exit: 3 },
  { title: 'a secret number from the config file', argv: ['open', '--name', 'x'], config: { pin: 31337 }, exit: 3 },
  {
    title: 'a secret choice from the config file',
    argv: ['open', '--name', 'x'],
    config: { open: { key: 'alphq' } },
    exit: 3,
  },
  {
    title: 'a misspelt secret key in the config file',
    argv: ['open', '--name', 'x'],
    config: { tokn: 'hunter2SECRET' },
    exit: 3,
  },
  {
    title: '--explain of a secret from a flag',
    argv: ['open', '--name', 'x', '--token', 'hunter2SECRET', '--explain', 'token'],
    exit: 0,
  },
  { title: '--explain of a secret from env', argv: ['open', '--explain', 'pin'], env: { VAULT_PIN: '4242' }, exit: 0 },
  { title: '--explain of a secret default', argv: ['open', '--explain', 'salt'], exit: 0 },
  { title: 'help, with a secret default', argv: ['open', '--help', '--token', 'hunter2SECRET'], exit: 0 },
  { title: '--schema, with a secret default', argv: ['--schema'], exit: 0 },
  { title: '--schema of the command', argv: ['open', '--schema', '--token', 'hunter2SECRET'], exit: 0 },
  // The probes of a second round (issue 20): each title names its probe.
  {
    title: 'a misspelt command and a misspelt secret flag, value apart (probe: typo-command-typo-flag)',
    argv: ['opn', '--name', 'ann', '--tokn', 'hunter2SECRET'],
    exit: 2,
  },
  {
    title: 'a misspelt command and a misspelt secret flag, value inline (probe: typo-command-typo-flag)',
    argv: ['opn', '--tokn=hunter2SECRET'],
    exit: 2,
  },
  {
    title: 'grouped short flags, the secret last, value apart: -vt S (probe: grouped-tail)',
    argv: ['opn', '-vt', 'hunter2SECRET'],
    exit: 2,
  },
  {
    title: 'grouped short flags, the secret inside, value inline: -vtS (probe: grouped-tail)',
    argv: ['opn', '-vthunter2SECRET', '--name', 'x'],
    exit: 2,
  },
  {
    title: 'grouped short flags after a refused switch value: --json=1 -vt S (probe: grouped-tail)',
    argv: ['open', '--json=1', '-vt', 'hunter2SECRET', '--name', 'x'],
    exit: 2,
  },
  {
    title: 'a secret boolean given an inline value: --override=S (probe: secret-switch-value)',
    argv: ['open', '--name', 'x', '--override=flagSECRETvalue'],
    exit: 2,
  },
  {
    title: 'a Standard Schema message that repeats the secret, value apart (probe: schema-echo)',
    argv: ['open', '--name', 'x', '--code', 'otpSECRETcode'],
    exit: 2,
  },
  {
    title: 'a Standard Schema message that repeats the secret, from env (probe: schema-echo)',
    argv: ['open', '--name', 'x'],
    env: { VAULT_CODE: 'otpSECRETcode' },
    exit: 3,
  },
  {
    title: 'success, the secret in provenance',
    argv: ['open', '--name', 'x', '--token', 'hunter2SECRET', '--pin', '4242'],
    exit: 0,
  },
];

describe('D3 · a secret is printed nowhere, on any refusal path', () => {
  for (const path of paths) {
    it.each([
      ['human', false],
      ['--json', true],
    ])(`D3 · ${path.title} (%s): every byte of stdout and stderr is free of the secret`, async (_, json) => {
      const config = join(cwd, 'vault.config.json');
      if (path.config !== undefined) writeFileSync(config, JSON.stringify(path.config));
      try {
        const argv = json ? [...path.argv, '--json'] : path.argv;
        const result = await runProgram(vault, argv, { env: path.env ?? {}, cwd });
        expectNoSecret(result.stdout + result.stderr, argv.join(' '));
        expect(result.exitCode).toBe(path.exit);
      } finally {
        rmSync(config, { force: true });
      }
    });
  }

  it('D3 · as a user runs it, in a child process: the typo’d command and the out-of-range env number', async () => {
    for (const [argv, env] of [
      [['opn', '--token', 'hunter2SECRET', '--name', 'x'], {}],
      [['open', '--name', 'x'], { VAULT_PIN: '31337' }],
      [['open', '--name', 'x', '--key', 'alphq', '--json'], {}],
    ] as const) {
      const result = await runCli(script, argv, { env, cwd });
      expectNoSecret(result.stdout + result.stderr, argv.join(' '));
      expect(result.code).not.toBe(0);
    }
  });
});

describe('D3 · over MCP, results and fixes carry no secret either', () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await connectStdio(script);
  });
  afterAll(() => server.close());

  const calls: [string, Record<string, unknown>][] = [
    ['an unknown argument beside a secret', { name: 'x', token: 'hunter2SECRET', verbos: true }],
    ['a missing required option', { token: 'hunter2SECRET' }],
    ['a secret number out of range', { name: 'x', pin: 31337 }],
    ['a secret number with a fraction', { name: 'x', pin: 4242.5 }],
    ['a secret of the wrong type', { name: 'x', token: ['hunter2SECRET'] }],
    ['a secret choice close to one', { name: 'x', key: 'alphq' }],
    ['a secret choice far from any', { name: 'x', key: 'zuluSECRET' }],
    ['a Standard Schema message that repeats the secret (probe: schema-echo)', { name: 'x', code: 'otpSECRETcode' }],
    ['a misspelt secret argument (probe: typo-command-typo-flag)', { name: 'x', tokn: 'hunter2SECRET' }],
    ['a secret switch given a string (probe: secret-switch-value)', { name: 'x', override: 'flagSECRETvalue' }],
    ['success', { name: 'x', token: 'hunter2SECRET', pin: 4242 }],
  ];
  it.each(calls)('D3 · %s: the whole result is free of the secret', async (_, args) => {
    const result = await server.client.callTool({ name: 'open', arguments: args });
    expectNoSecret(JSON.stringify(result), JSON.stringify(args));
  });

  it('D3 · the tool list carries no secret default', async () => {
    expectNoSecret(JSON.stringify(await server.client.listTools()), 'tools/list');
  });

  it('D3 · and the server wrote none of them to its stderr', () => {
    expectNoSecret(server.stderr(), 'the server');
  });
});
