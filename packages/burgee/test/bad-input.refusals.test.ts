// Each refusal a user meets, in its --json form (E5) and its human form (E8), and the fix it offers
// (E5), checked in a child process as a user would meet them.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MALFORMED, nested, refusals } from './fixtures/bad-input-refusals.js';
import { configFile, deploy, envelopeOf, expectNoStack, run, settingsFile, ship } from './support/bad-input.js';
import { cwd, scratchCwd } from './support/scratch.js';

scratchCwd('burgee-bad-input-');

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
