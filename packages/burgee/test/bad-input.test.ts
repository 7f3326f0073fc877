import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { type CliResult, example, runCli } from './support/cli.js';

// What a user sees when they get something wrong, run as a user runs it: a child process, in
// both the --json form (E5) and the human form (E8), with no stack trace anywhere (E7).

const deploy = example('deploy');
const ship = example('ship');

/** Each test gets its own working folder (and HOME), so no config file or settings leak in or out. */
let cwd: string;
beforeEach(() => {
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'burgee-bad-input-')));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const run = (script: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runCli(script, args, { cwd, env: { HOME: cwd, ...env } });

/** A config file whose `release` section holds `levels` objects nested as "a" (depth levels + 1), the last holding 1. */
const nested = (levels: number): string =>
  `{"release":\n${'{"a": '.repeat(levels + 1).slice(0, -6)}1${'}'.repeat(levels)}}\n`;
/** The column of the 65th object of nested(64): the root, then 64 objects under release, the last at "a" 63 deep. */
const DEEPEST = '{"a": '.length * 63 + 1;

const MALFORMED = '{\n  "channel": "beta",\n  "replicas": 3,,\n  "verify": true\n}\n';
const settingsFile = () => join(cwd, '.ship-settings.json');
const configFile = () => join(cwd, 'ship.config.json');

function expectNoStack(result: CliResult): void {
  expect(result.stdout).not.toContain('    at ');
  expect(result.stderr).not.toContain('    at ');
}

/** Parses the one --json line and checks the E5 shape around it. */
function envelopeOf(result: CliResult): { ok: boolean; error: Record<string, unknown> } {
  expect(result.stderr).toBe('');
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.slice(0, -1)).not.toContain('\n');
  expectNoStack(result);
  return JSON.parse(result.stdout);
}

type Refusal = {
  title: string;
  script: string;
  args: string[];
  env?: Record<string, string>;
  /** Files to write into the working folder first. */
  files?: Record<string, string>;
  code: number;
  /** `{cwd}` stands for the working folder. */
  message: string;
  hint: string;
  /** The human fix, and the --json caller's fix (its own line, --json kept). */
  fix?: [human: string, json: string];
  /** A refusal found after the command was parsed carries the short usage block (E5, E8). */
  usage?: true;
};

const refusals: Refusal[] = [
  {
    title: 'E8 · an unknown command gets a suggestion and the whole corrected line',
    script: deploy,
    args: ['deploi', '--target', 'prod'],
    code: 2,
    message: 'unknown command "deploi" for tool',
    hint: 'did you mean deploy?',
    fix: ['tool deploy --target prod', 'tool deploy --target prod --json'],
  },
  {
    title: 'E8 · an unknown option gets a suggestion and the whole corrected line',
    script: deploy,
    args: ['deploy', '--targt', 'prod'],
    code: 2,
    message: 'unknown option --targt for tool deploy',
    hint: 'did you mean --target?',
    fix: ['tool deploy --target prod', 'tool deploy --target prod --json'],
  },
  {
    title: 'P4 · a value of the wrong type names the flag and the value',
    script: ship,
    args: ['release', '--build', '1', '--replicas', 'x'],
    code: 2,
    message: '--replicas expects a number, got "x"',
    usage: true,
    hint: 'give --replicas a number',
  },
  {
    title: 'P6 · a missing required option names the flag, with a fix to fill in',
    script: deploy,
    args: ['deploy'],
    code: 2,
    message: 'missing required option --target for tool deploy',
    usage: true,
    hint: '--target: where to deploy; set it with --target',
    fix: ['tool deploy --target <value>', 'tool deploy --json --target <value>'],
  },
  {
    title: 'D4 · a missing required argument names it, with a fix to fill in',
    script: ship,
    args: ['config', 'get'],
    code: 2,
    message: 'missing argument <key> for ship config get',
    usage: true,
    hint: 'give <key>: the setting to read',
    fix: ['ship config get <key>', 'ship config get <key> --json'],
  },
  {
    title: 'P6 · a value outside choices gets the closest choice and the corrected line',
    script: ship,
    args: ['release', '--build', '1', '--channel', 'bta'],
    code: 2,
    message: '--channel must be one of stable, beta, nightly; got "bta"',
    usage: true,
    hint: 'did you mean beta?',
    fix: ['ship release --build 1 --channel beta', 'ship release --build 1 --channel beta --json'],
  },
  {
    title: 'P6 · a number out of range names the bound',
    script: ship,
    args: ['release', '--build', '1', '--replicas', '21'],
    code: 2,
    message: '--replicas must be at most 20; got 21',
    usage: true,
    hint: 'give --replicas a value in range',
  },
  {
    title: 'P3 · a malformed config file is exit 3 naming the file, line and column',
    script: ship,
    args: ['config', 'set', 'k', 'v'],
    files: { 'ship.config.json': MALFORMED },
    code: 3,
    message: 'config file {cwd}/ship.config.json is not valid JSON at line 3, column 17',
    hint: 'fix the JSON in {cwd}/ship.config.json, or run with --no-config to ignore it',
  },
  {
    title: 'P3 · a bare word in the config file is located exactly on every Node, not at the end of the file',
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': '{\n  "region": eu,\n  "channel": "beta"\n}\n' },
    code: 3,
    message: 'config file {cwd}/ship.config.json is not valid JSON at line 2, column 13',
    hint: 'fix the JSON in {cwd}/ship.config.json, or run with --no-config to ignore it',
  },
  {
    title: 'P3 · nesting deeper than 64 levels is exit 3 naming the file and the path (probe: config-depth-65)',
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': nested(64) },
    code: 3,
    message: `config file {cwd}/ship.config.json nests deeper than 64 levels at "release${'.a'.repeat(63)}" (line 2, column ${DEEPEST})`,
    hint: 'options and command sections need a few levels; flatten {cwd}/ship.config.json',
  },
  {
    title: 'P3 · a config file over 4 MiB is refused before it is read, naming the cap (probe: config-over-4mib)',
    script: ship,
    args: ['status'],
    // Not JSON at all: had it been read, it would be refused as malformed instead.
    files: { 'ship.config.json': 'x'.repeat(4 * 1024 * 1024 + 1) },
    code: 3,
    message:
      'config file {cwd}/ship.config.json holds 4194305 bytes, more than the 4 MiB (4194304 bytes) a config file may hold',
    hint: 'a config file holds option values; keep large data in a file of its own and give its path as an option',
  },
  {
    title: 'P3 · invalid JSON under 600 levels is located at its true line and column (probe: config-deep-invalid)',
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': `{"release":\n${'['.repeat(600)}x${']'.repeat(600)}}\n` },
    code: 3,
    message: 'config file {cwd}/ship.config.json is not valid JSON at line 2, column 601',
    hint: 'fix the JSON in {cwd}/ship.config.json, or run with --no-config to ignore it',
  },
  {
    title: "P3 · a command's section that is not an object is exit 3 (probe: config-section-not-object)",
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': '{"release": "beta"}' },
    code: 3,
    message:
      'config file {cwd}/ship.config.json: "release" (line 1, column 13) names a command, so its value must be an object of that command\'s options, not a string',
    hint: 'write "release": { "<option>": <value> }, or move the value to an option\'s key',
  },
  {
    title: 'P3 · a config key that names no option and no command is exit 3 with a suggestion',
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': '{"regoin": "eu"}' },
    code: 3,
    message: 'config file {cwd}/ship.config.json has an unknown key "regoin" (line 1, column 2)',
    hint: 'did you mean "region"?',
  },
  {
    title: "P3 · a misspelt key in a command's section is refused too, named by its path",
    script: ship,
    args: ['status'],
    files: { 'ship.config.json': '{"release": {"chanel": "beta"}}' },
    code: 3,
    message: 'config file {cwd}/ship.config.json has an unknown key "release.chanel" (line 1, column 14)',
    hint: 'did you mean "channel"?',
  },
  {
    title: 'P3 · --config naming a file that does not exist is exit 3',
    script: ship,
    args: ['release', '--build', '1', '--config', 'missing.json'],
    code: 3,
    message: 'cannot read config file {cwd}/missing.json: ENOENT',
    hint: 'check the path given by --config or the config environment variable',
  },
  {
    title: 'P2 · an unreadable boolean env value is exit 3 naming the variable and the accepted spellings',
    script: ship,
    args: ['release', '--build', '1'],
    env: { SHIP_DRY_RUN: 'maybe' },
    code: 3,
    message: 'SHIP_DRY_RUN (for --dry-run) expects 1, true, yes, 0, false or no (any case), got "maybe"',
    hint: 'set SHIP_DRY_RUN to 1, true, yes, 0, false or no (any case)',
  },
  {
    title: 'P2 · an env number that is not a number is exit 3 naming the variable',
    script: ship,
    args: ['release', '--build', '1'],
    env: { SHIP_REPLICAS: 'many' },
    code: 3,
    message: 'SHIP_REPLICAS (for --replicas) expects a number, got "many"',
    hint: 'set SHIP_REPLICAS to a number',
  },
];

const filled = (text: string) => text.replaceAll('{cwd}', cwd);

describe('bad input, as a user types it', () => {
  for (const r of refusals) {
    describe(r.title, () => {
      beforeEach(() => {
        for (const [file, text] of Object.entries(r.files ?? {})) writeFileSync(join(cwd, file), text);
      });

      it(`E5 · --json: one envelope on stdout, stderr empty, exit ${r.code}`, async () => {
        const result = await run(r.script, [...r.args, '--json'], r.env);
        expect(result.code).toBe(r.code);
        const envelope = envelopeOf(result);
        expect(Object.keys(envelope)).toEqual(['ok', 'error']);
        expect(envelope.ok).toBe(false);
        const { usage, ...error } = envelope.error;
        const expected: Record<string, unknown> = { code: r.code, message: filled(r.message), hint: filled(r.hint) };
        if (r.fix !== undefined) expected.fix = r.fix[1];
        expect(error).toEqual(expected);
        // Only burgee's own usage refusals carry the usage block (E5, E7).
        if (r.usage) expect(usage).toMatchObject({ command: expect.stringMatching(/^(tool|ship) /) });
        if (r.code !== 2) expect(usage).toBeUndefined();
      });

      it(`E8 · human: error, hint and fix lines on stderr, stdout empty, exit ${r.code}`, async () => {
        const result = await run(r.script, r.args, r.env);
        expect(result.code).toBe(r.code);
        expect(result.stdout).toBe('');
        expectNoStack(result);
        const lines = [
          `error: ${filled(r.message)}`,
          `hint: ${filled(r.hint)}`,
          ...(r.fix === undefined ? [] : [`fix: ${r.fix[0]}`]),
        ];
        if (r.usage) {
          // A usage refusal ends with the short usage block after a blank line.
          expect(result.stderr.startsWith(`${lines.join('\n')}\n\nusage: `)).toBe(true);
        } else if (r.code === 2) {
          expect(result.stderr.startsWith(`${lines.join('\n')}\n`)).toBe(true);
        } else {
          expect(result.stderr).toBe(`${lines.join('\n')}\n`);
        }
      });
    });
  }

  it('P3 · nothing ran when the config file is malformed: `config set` wrote no settings', async () => {
    writeFileSync(configFile(), MALFORMED);
    for (const args of [
      ['config', 'set', 'k', 'v', '--json'],
      ['config', 'set', 'k', 'v'],
    ]) {
      const result = await run(ship, args);
      expect(result.code).toBe(3);
      expect(existsSync(settingsFile())).toBe(false);
    }
  });

  it('P3 · 64 levels are read: the depth passes, and the first key under release is then refused as unknown', async () => {
    writeFileSync(configFile(), nested(63));
    const result = await run(ship, ['status', '--json']);
    expect(result.code).toBe(3);
    expect(envelopeOf(result).error.message).toBe(
      `config file ${configFile()} has an unknown key "release.a" (line 2, column 2)`,
    );
  });

  it('P3 · a config file that starts with a UTF-8 byte order mark is read', async () => {
    writeFileSync(configFile(), '\uFEFF{"$schema": "./ship.schema.json", "release": {"channel": "beta"}}');
    const result = await run(ship, ['release', '--build', '1', '--explain', 'channel']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('beta');
  });

  it.skipIf(process.platform === 'win32')(
    'P3 · a FIFO where the config file should be is refused at once, never waited on',
    async () => {
      execFileSync('mkfifo', [configFile()]);
      const result = await run(ship, ['status', '--json']);
      expect(result.code).toBe(3);
      expect(envelopeOf(result).error).toEqual({
        code: 3,
        message: `config file ${configFile()} is not a regular file`,
        hint: 'a config file must be a plain JSON file; a FIFO, socket, device or folder is never read',
      });
    },
  );

  it('P3 · --no-config ignores a malformed file, and the command runs', async () => {
    writeFileSync(configFile(), MALFORMED);
    const json = await run(ship, ['--no-config', 'config', 'set', 'k', 'v', '--json']);
    expect(json.code).toBe(0);
    expect(envelopeOf(json)).toEqual({
      ok: true,
      data: { key: 'k', value: 'v', changed: true },
      meta: { provenance: {}, changed: true },
    });
    expect(existsSync(settingsFile())).toBe(true);
    const human = await run(ship, ['config', 'get', 'k', '--no-config']);
    expect(human).toMatchObject({ code: 0, stdout: 'key:   k\nvalue: v\n', stderr: '' });
  });

  it('E5 · each suggested fix is runnable: it gets past the refusal it was offered for', async () => {
    const fixes: [string, string[], number][] = [
      [deploy, ['deploi', '--target', 'prod', '--yes', '--json'], 0],
      [deploy, ['deploy', '--targt', 'prod', '--yes', '--json'], 0],
      [ship, ['release', '--build', '1', '--channel', 'bta', '--json'], 0],
    ];
    for (const [script, args, code] of fixes) {
      const refused = envelopeOf(await run(script, args));
      const line = String(refused.error.fix).split(' ');
      const result = await run(script, line.slice(1));
      expect({ line, code: result.code }).toEqual({ line, code });
    }
  });
});

describe('E5 · a fix corrects only what was wrong, and keeps what follows `--` as it was', () => {
  const cases: [title: string, script: string, args: string[], fix: string][] = [
    ['a missing option goes before `--`', deploy, ['deploy', '--', 'extra'], 'tool deploy --target <value> -- extra'],
    ['a missing argument goes before `--`', ship, ['config', 'get', '--', 'x'], 'ship config get <key> -- x'],
    [
      'a typo after `--` is passthrough, not corrected',
      deploy,
      ['deploy', '--targt', 'prod', '--', '--targt'],
      'tool deploy --target prod -- --targt',
    ],
    [
      'only the offending value of --channel is replaced, not an argument that looks the same',
      ship,
      ['release', 'bta', '--build', '1', '--channel', 'bta'],
      'ship release bta --build 1 --channel beta',
    ],
    [
      "only the offending value of --channel is replaced, not another option's value",
      ship,
      ['release', '--tag', 'bta', '--build', '1', '--channel', 'bta'],
      'ship release --tag bta --build 1 --channel beta',
    ],
  ];
  for (const [title, script, args, fix] of cases) {
    it(`E5 · ${title}`, async () => {
      const human = await run(script, args);
      expect(human.code).toBe(2);
      expect(human.stderr.split('\n')).toContain(`fix: ${fix}`);
    });
  }
});

describe('P1 E6 · precedence and provenance: flag > env > config > default', () => {
  it('P1 · each option takes its highest layer, and provenance names it exactly', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly', replicas: 5, region: 'ap' }));
    const result = await run(ship, ['release', '--build', '1.2.3', '--region', 'eu', '--json'], {
      SHIP_CHANNEL: 'beta',
      SHIP_REGION: 'us',
    });
    expect(result.code).toBe(0);
    const envelope = envelopeOf(result) as unknown as { data: Record<string, unknown>; meta: { provenance: unknown } };
    expect(envelope.data).toMatchObject({ version: '1.2.3', region: 'eu', channel: 'beta', replicas: 5, verify: true });
    expect(envelope.meta.provenance).toEqual({
      build: { source: 'flag', location: '--build' },
      region: { source: 'flag', location: '--region' },
      channel: { source: 'env', location: 'SHIP_CHANNEL' },
      replicas: { source: 'config', location: configFile() },
      verify: { source: 'default' },
    });
  });

  it('E6 · a short flag is recorded under its long name', async () => {
    const envelope = envelopeOf(await run(ship, ['release', '-b', '7', '--json'])) as unknown as {
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.meta.provenance.build).toEqual({ source: 'flag', location: '--build' });
  });

  it('E6 · a secret from SHIP_TOKEN is redacted in provenance and its value is printed nowhere', async () => {
    const token = 'tok-5ecret-Zq9';
    const env = { SHIP_TOKEN: token };
    const json = await run(ship, ['release', '--build', '1', '--json'], env);
    expect(json.code).toBe(0);
    const envelope = envelopeOf(json) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.meta.provenance.token).toEqual({ source: 'env', location: 'SHIP_TOKEN', redacted: true });
    expect(envelope.data.authenticated).toBe(true);
    const others = await Promise.all([
      run(ship, ['release', '--build', '1'], env),
      run(ship, ['release', '--explain', 'token'], env),
      run(ship, ['release', '--explain', 'token', '--json'], env),
    ]);
    for (const result of [json, ...others]) {
      expect(result.code).toBe(0);
      expect(result.stdout + result.stderr).not.toContain(token);
    }
  });

  it('P1 · false, 0 and empty text are values: they win over lower layers', async () => {
    writeFileSync(configFile(), JSON.stringify({ verify: false, canary: 0, region: '', channel: 'nightly' }));
    const result = await run(ship, ['release', '--build', '1', '--channel', '', '--json'], { SHIP_DRY_RUN: '0' });
    // An empty --channel is a value too, so it is checked against the choices rather than skipped.
    expect(result.code).toBe(2);
    expect(envelopeOf(result).error.message).toBe('--channel must be one of stable, beta, nightly; got ""');

    const ok = await run(ship, ['release', '--build', '1', '--json'], { SHIP_DRY_RUN: '0' });
    expect(ok.code).toBe(0);
    const envelope = envelopeOf(ok) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.data).toMatchObject({ verify: false, canary: 0, region: '', channel: 'nightly', released: true });
    const fromConfig = { source: 'config', location: configFile() };
    expect(envelope.meta.provenance).toEqual({
      build: { source: 'flag', location: '--build' },
      verify: fromConfig,
      canary: fromConfig,
      region: fromConfig,
      channel: fromConfig,
      dryRun: { source: 'env', location: 'SHIP_DRY_RUN' },
      replicas: { source: 'default' },
    });
  });

  it('P1 · an empty flag value beats the config file', async () => {
    writeFileSync(configFile(), JSON.stringify({ region: 'ap' }));
    const envelope = envelopeOf(await run(ship, ['release', '--build', '1', '--region', '', '--json'])) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.data.region).toBe('');
    expect(envelope.meta.provenance.region).toEqual({ source: 'flag', location: '--region' });
  });
});

describe('P5 · --explain <option> shows every layer and runs nothing', () => {
  it('P5 · human: the winner, then each layer in precedence order; exit 0 though --build is missing', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly' }));
    const result = await run(ship, ['release', '--explain', 'channel'], { SHIP_CHANNEL: 'beta' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('--channel = "beta"  (from env SHIP_CHANNEL)');
    expect(lines[1]).toMatch(/^ {2}flag {4}--channel +\(not set\)$/);
    expect(lines[2]).toMatch(/^ {2}env {5}SHIP_CHANNEL +"beta" {2}← used$/);
    expect(lines[3]).toBe(`  config  ${configFile()}  "nightly"`);
    expect(lines[4]).toMatch(/^ {2}default +"stable"$/);
    expect(lines[5]).toBe('');
  });

  it('P5 · --json: the winner and every layer as data', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly' }));
    const result = await run(ship, ['release', '--explain', 'channel', '--json'], { SHIP_CHANNEL: 'beta' });
    expect(result.code).toBe(0);
    const envelope = envelopeOf(result) as unknown as {
      ok: boolean;
      data: { layers: { source: string; location: string | null; used: boolean }[] };
    };
    expect(envelope.ok).toBe(true);
    expect(envelope.data).toMatchObject({ option: 'channel', flag: '--channel', value: 'beta', source: 'env' });
    expect(envelope.data.layers.map(({ source, location, used }) => ({ source, location, used }))).toEqual([
      { source: 'flag', location: '--channel', used: false },
      { source: 'env', location: 'SHIP_CHANNEL', used: true },
      { source: 'config', location: configFile(), used: false },
      { source: 'default', location: null, used: false },
    ]);
  });

  it('P5 · the winner is shown as the command would receive it: env "4" is the number 4', async () => {
    const human = await run(ship, ['release', '--explain', 'replicas'], { SHIP_REPLICAS: '4' });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe('--replicas = 4  (from env SHIP_REPLICAS)');
    expect(human.stdout).toMatch(/^ {2}env {5}SHIP_REPLICAS +"4" {2}← used$/m);
    const json = await run(ship, ['release', '--explain', 'replicas', '--json'], { SHIP_REPLICAS: '4' });
    const data = (envelopeOf(json) as unknown as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ value: 4, source: 'env' });
    expect(data).not.toHaveProperty('problem');
  });

  it('P5 · a winning value the run would refuse says why, still running nothing (exit 0)', async () => {
    const human = await run(ship, ['release', '--explain', 'replicas'], { SHIP_REPLICAS: 'x' });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(
      '--replicas from env SHIP_REPLICAS would be refused: SHIP_REPLICAS (for --replicas) expects a number, got "x"',
    );
    const json = await run(ship, ['release', '--explain', 'replicas', '--json'], { SHIP_REPLICAS: 'x' });
    expect((envelopeOf(json) as unknown as { data: Record<string, unknown> }).data).toMatchObject({
      value: null,
      source: 'env',
      problem: 'SHIP_REPLICAS (for --replicas) expects a number, got "x"',
    });
  });

  it('P5 · the handler is never called, even when every required value is there', async () => {
    let calls = 0;
    const program = defineProgram({
      name: 'tool',
      commands: [
        defineCommand({
          name: 'deploy',
          effects: 'non_idempotent',
          options: { target: { type: 'string', required: true } },
          run: () => {
            calls++;
            return null;
          },
        }),
      ],
    });
    for (const argv of [
      ['deploy', '--target', 'prod', '--explain', 'target'],
      ['deploy', '--explain', 'target', '--json'],
    ]) {
      const result = await runProgram(program, argv);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
    }
    expect(calls).toBe(0);
    expect((await runProgram(program, ['deploy', '--target', 'prod'])).exitCode).toBe(0);
    expect(calls).toBe(1);
  });
});

describe('P3 · a config file is checked as strictly as a flag: each refusal names the file, the key path, the line and the column', () => {
  /** Runs `ship <command> --build 1.0.0 --json` beside a config file holding `text`; expects exit 3. */
  const refusal = async (text: string, command = 'release'): Promise<{ message: string; hint: string }> => {
    writeFileSync(configFile(), text);
    const result = await run(ship, [command, ...(command === 'release' ? ['--build', '1.0.0'] : []), '--json']);
    expect(result.code).toBe(3);
    return (envelopeOf(result) as unknown as { error: { message: string; hint: string } }).error;
  };

  const cases: [string, string, RegExp, string][] = [
    [
      'a number for a string option, in its command section',
      '{\n  "release": {\n    "region": 5\n  }\n}\n',
      /^"release\.region" \(line 3, column 15\) in .*ship\.config\.json expects a string, got 5$/,
      'write it as a JSON string: "5"',
    ],
    [
      'a string for a number option at the top level',
      '{ "replicas": "5" }',
      /^"replicas" \(line 1, column 15\) in .*ship\.config\.json expects a number, got "5"$/,
      'write it without quotes: 5',
    ],
    [
      'a string for a boolean option',
      '{"release": {"verify": "false"}}',
      /^"release\.verify" \(line 1, column 24\) in .*ship\.config\.json expects true or false, got "false"$/,
      'write it without quotes: false',
    ],
    [
      'an object for a string option',
      '{"region": {"name": "ap"}}',
      /^"region" \(line 1, column 12\) in .*ship\.config\.json expects a string, got \{"name":"ap"\}$/,
      'set "region" to a string',
    ],
    [
      'an array for a single value',
      '{"region": ["ap", "eu"]}',
      /^"region" \(line 1, column 12\) in .*ship\.config\.json expects one value, got \["ap","eu"\]$/,
      'set "region" to one value',
    ],
    [
      'a comma-separated string for a repeatable option, which a flag would split',
      '{"release": {"tag": "hotfix,urgent"}}',
      /^"release\.tag" \(line 1, column 21\) in .*ship\.config\.json expects an array, got "hotfix,urgent"$/,
      'write it as an array: ["hotfix","urgent"]',
    ],
    [
      "an object inside a repeatable option's array, located by its index",
      '{"release": {"tag": [\n  "a",\n  {"x": 1}\n]}}',
      /^"release\.tag\[1\]" \(line 3, column 3\) in .*ship\.config\.json expects a string, got \{"x":1\}$/,
      'make each element of "tag" a string',
    ],
  ];
  it.each(cases)('P3 · %s: exit 3 (probe: config-type-checked)', async (_, text, message, hint) => {
    const error = await refusal(text);
    expect(error.message).toMatch(message);
    expect(error.hint).toBe(hint);
  });

  it('P3 · a choice or a bound out of range names the key path, its place and what it takes (probe: config-choices-range)', async () => {
    const choice = await refusal('{"release": {"channel": "weekly", "replicas": 2}}');
    expect(choice.message).toMatch(
      /^--channel must be one of stable, beta, nightly; got "weekly" \(from config "release\.channel" \(line 1, column 25\) in .*ship\.config\.json\)$/,
    );
    expect(choice.hint).toBe('choose one of stable, beta, nightly');
    const bound = await refusal('{"replicas": 50}');
    expect(bound.message).toMatch(
      /^--replicas must be at most 20; got 50 \(from config "replicas" \(line 1, column 14\) in /,
    );
    expect(bound.hint).toBe('set "replicas" to a whole number from 1 to 20');
    const fraction = await refusal('{"release": {"replicas": 2.5}}');
    expect(fraction.message).toMatch(
      /^"release\.replicas" \(line 1, column 26\) in .* expects a whole number, got 2\.5$/,
    );
    const below = await refusal('{"release": {"tag": ["a"]}, "canary": -1}');
    expect(below.message).toMatch(
      /^--canary must be at least 0; got -1 \(from config "canary" \(line 1, column 39\) in /,
    );
    expect(below.hint).toBe('set "canary" to a number from 0 to 1');
  });

  it('P3 · a key that no command reads is refused where it is written, saying where it belongs (probe: config-unknown-key)', async () => {
    // A misspelt option in a command's section, on its own line.
    const typo = await refusal('{\n  "release": {\n    "chanel": "beta"\n  }\n}\n');
    expect(typo.message).toBe(`config file ${configFile()} has an unknown key "release.chanel" (line 3, column 5)`);
    expect(typo.hint).toBe('did you mean "channel"?');
    // An option of another command: release never reads "problems", so the key would do nothing there.
    const elsewhere = await refusal('{"release": {"problems": true}}');
    expect(elsewhere.message).toBe(
      `config file ${configFile()}: "release.problems" (line 1, column 14) is not an option of ship release; ship status has it`,
    );
    expect(elsewhere.hint).toBe(
      'move it into "status", or to the top level, which every command with that option reads',
    );
    // A key that names nothing at all, with nothing close to suggest: the hint says what the section holds.
    const nothing = await refusal('{"db": {"backup": {"tables": 3}, "zzzzzz": 1}}', 'status');
    expect(nothing.message).toBe(`config file ${configFile()} has an unknown key "db.zzzzzz" (line 1, column 34)`);
    expect(nothing.hint).toBe('"db" holds what ship db reads: tables, pace, yes, backup, drop');
    // A command's section written at the top level though the command sits under another.
    const section = await refusal('{"backup": {"tables": 3}}', 'status');
    expect(section.message).toBe(
      `config file ${configFile()}: "backup" (line 1, column 2) is no command there, so nothing reads it`,
    );
    expect(section.hint).toBe('the section of ship db backup is "db.backup"');
  });

  it("P3 · a key for another command is no unknown key: the top level and a parent's section serve every command under them", async () => {
    writeFileSync(
      configFile(),
      '{"problems": true, "channel": "beta", "tables": 4, "db": {"tables": 5, "backup": {"pace": 0}}, "release": {"replicas": 3}}',
    );
    const status = await run(ship, ['status', '--json']);
    expect(status.code).toBe(0);
    const release = envelopeOf(await run(ship, ['release', '--build', '1.0.0', '--dry-run', '--json'])) as unknown as {
      data: Record<string, unknown>;
    };
    expect(release.data).toMatchObject({ channel: 'beta', replicas: 3 });
    const backup = await run(ship, ['db', 'backup', '--explain', 'tables']);
    expect(backup.stdout.split('\n')[0]).toBe(`--tables = 5  (from config ${configFile()})`);
  });

  it('P3 · values of the right JSON type still work, a multiple option taking an array', async () => {
    writeFileSync(configFile(), '{"release": {"region": "ap", "replicas": 4, "verify": false, "tag": ["a", "b"]}}');
    const result = await run(ship, ['release', '--build', '1.0.0', '--dry-run', '--json']);
    expect(result.code).toBe(0);
    expect((envelopeOf(result) as unknown as { data: Record<string, unknown> }).data).toMatchObject({
      region: 'ap',
      replicas: 4,
      verify: false,
      tags: ['a', 'b'],
    });
  });
});
