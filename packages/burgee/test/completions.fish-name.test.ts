// C1 · a program whose name holds a quote or a backslash completes in fish whatever its version.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { describeWith } from './support/tools.js';

const dir = mkdtempSync(join(tmpdir(), 'burgee-fish-name-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = (name: string) =>
  defineProgram({
    name,
    commands: [
      defineCommand({ name: 'alpha', effects: 'read_only', run: () => 1 }),
      defineCommand({ name: 'beta', effects: 'read_only', run: () => 1 }),
    ],
  });

describeWith(['fish'], 'C1 · fish: a name with a quote or a backslash (probe: fish-quoted-name)', () => {
  it.each(["q'x", 'a\\b', 'x$y', 'sp ace', 'été'])(
    'C1 · %s is registered as the name itself and completes',
    async (name) => {
      const script = (await runProgram(program(name), ['completion', 'fish'])).stdout;
      // Not `complete -c <name>`: fish unescaped that value once more than the shell did, so a name with
      // a quote or a backslash had to be written escaped twice, and fish versions that stopped doing so
      // registered the escaped spelling; complete's operand is taken as the shell gives it, by every fish.
      const registration = script.trimEnd().split('\n').at(-1)!;
      expect(registration).toMatch(/^complete -f -a '\(_[A-Za-z0-9_]+_candidates\)' -- /);
      expect(registration).not.toContain(' -c ');
      const home = join(dir, String(Math.random()).slice(2));
      mkdirSync(home);
      writeFileSync(join(home, 'c.fish'), script);
      // The candidates function runs the program; here only the registration is asked for: fish lists
      // each completion it holds with the name it registered it under, escaped as fish prints words.
      const listed = spawnSync(
        'fish',
        ['--no-config', '-c', `source ${join(home, 'c.fish')}; complete | string match -e candidates`],
        {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', HOME: home },
        },
      );
      expect(listed.status, listed.stderr).toBe(0);
      const escaped = spawnSync('fish', ['--no-config', '-c', 'string escape -- $argv[1]', name], {
        encoding: 'utf8',
      }).stdout.trim();
      expect(listed.stdout).toContain(` ${escaped}`);
    },
  );
});
