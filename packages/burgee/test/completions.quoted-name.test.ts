import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { shell, zshTyped } from './support/hostile.js';
import { describeWith } from './support/tools.js';

// C1 · C3: a program whose name needs quoting completes in each shell under its real name, typed the
// ways a person types it, and sourcing its script runs nothing. Each shell is the real one; the
// program on PATH is a stand-in under that exact name, which answers `__complete` with words of its
// own: they come back only if the script ran the program by its real name.
// Probes: fish-quoted-name, bash-quoted-name, zsh-quoted-name.
const run = promisify(execFile);

/** A quote, a backslash, a double quote, a dollar, a space, non-ASCII, and a name that would run `touch pwned`. */
const NAMES = ["q'x", 'a\\b', 'd"q', 'x$y', 'sp ace', 'été', "x';touch pwned;'"] as const;

const dir = mkdtempSync(join(tmpdir(), 'burgee-quoted-name-'));
const bin = join(dir, 'bin');
// Every shell runs in this folder: a payload that ran would leave `pwned` here.
const cwd = join(dir, 'cwd');
mkdirSync(bin);
mkdirSync(cwd);
const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: dir, LANG: 'C.UTF-8', TERM: 'xterm' };

const program = (name: string) =>
  defineProgram({
    name,
    commands: [
      defineCommand({
        name: 'alpha',
        effects: 'read_only',
        options: { region: { type: 'string', complete: () => ['eu-north'] } },
        run: () => null,
      }),
      defineCommand({
        name: 'beta',
        effects: 'read_only',
        arguments: [{ name: 'thing', choices: ['gamma'] }],
        run: () => null,
      }),
    ],
  });

const SHELLS = ['bash', 'zsh', 'fish'] as const;
/** Each name's script for each shell, written by the program's own `completion <shell>`. */
const script = (index: number, shell: string) => join(dir, `${index}.${shell}`);
for (const [index, name] of NAMES.entries()) {
  for (const s of SHELLS) {
    const result = await runProgram(program(name), ['completion', s]);
    if (result.exitCode !== 0 || result.stderr !== '') throw new Error(`completion ${s} failed: ${result.stderr}`);
    writeFileSync(script(index, s), result.stdout);
  }
  // The stand-in: the words it answers differ from the declared ones, so an answer can only come from it.
  const standIn = join(bin, name);
  writeFileSync(
    standIn,
    '#!/bin/sh\ncase "$1:$2" in\n  __complete:beta) echo gamma-from-the-program ;;\n  __complete:alpha) echo eu-north-from-the-program ;;\nesac\n',
  );
  chmodSync(standIn, 0o755);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  const ran = readdirSync(cwd);
  for (const file of ran) rmSync(join(cwd, file), { force: true });
  expect(ran, 'a payload ran: its canary file exists').toEqual([]);
});

/** bash and zsh: each character but letters, digits and `_.-` and non-ASCII behind a backslash. */
const backslashed = (name: string) => name.replace(/[^A-Za-z0-9_.\u0080-\uffff-]/g, '\\$&');
const posixSingle = (name: string) => `'${name.replaceAll("'", "'\\''")}'`;
const posixDouble = (name: string) => `"${name.replace(/[\\"$`]/g, '\\$&')}"`;

// fish ------------------------------------------------------------------------------------------

/** Completes each line with `complete -C`; the program name is typed by the line itself. */
const FISH_DRIVER = `
source $SCRIPT; or exit 97
for line in $argv
  complete -C $line | string split -f1 \\t
  echo '<end>'
end
`;

async function fishAnswers(index: number, lines: string[]): Promise<string[][]> {
  const result = await shell(
    'fish',
    ['--no-config', '-c', FISH_DRIVER, ...lines],
    { ...env, SCRIPT: script(index, 'fish') },
    cwd,
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  const lists: string[][] = [[]];
  for (const item of result.stdout.split('\n').slice(0, -1)) {
    if (item === '<end>') lists.push([]);
    else lists.at(-1)!.push(item);
  }
  return lists.slice(0, -1);
}

describeWith(['fish'], 'C1 · C3 · fish completes a program whose name needs quoting (probe: fish-quoted-name)', () => {
  const fishSingle = (name: string) => `'${name.replace(/[\\']/g, '\\$&')}'`;
  const fishDouble = (name: string) => `"${name.replace(/[\\"$]/g, '\\$&')}"`;
  const cases = NAMES.flatMap((name, index) => [
    [name, 'escaped by fish itself', 'escape', index] as const,
    [name, 'in single quotes', fishSingle(name), index] as const,
    [name, 'in double quotes', fishDouble(name), index] as const,
  ]);
  it.each(cases)(
    'C1 · %j typed %s: its commands, a flag, and the candidates of the program run by its real name (probe: fish-quoted-name)',
    async (name, _style, spelling, index) => {
      const typed =
        spelling === 'escape'
          ? (await run('fish', ['--no-config', '-c', 'string escape -- $argv[1]', name], { env })).stdout.trimEnd()
          : spelling;
      const lines = ['', 'al', 'alpha --re', 'alpha --region ', 'beta '].map((rest) => `${typed} ${rest}`);
      const [root, command, flag, dynamic, argument] = await fishAnswers(index, lines);
      expect(root).toEqual(expect.arrayContaining(['alpha', 'beta', 'completion', 'help']));
      expect(command).toEqual(['alpha']);
      expect(flag).toEqual(['--region']);
      expect(dynamic).toEqual(['eu-north-from-the-program']);
      expect(argument).toEqual(['gamma-from-the-program']);
    },
  );
});

// bash and zsh, at a real prompt ----------------------------------------------------------------------

type Pane = { complete: (line: string) => Promise<string>; close: () => Promise<void> };

/**
 * Starts the shell in a tmux pane on a private socket, in the canary folder, sources `setup`, and
 * returns a way to type a line, press TAB, and read the line as completion left it.
 */
async function openPane(command: string, setup: string): Promise<Pane> {
  const socket = join(dir, `${command.split(' ')[0]}.sock`);
  const tmux = (...args: string[]) => run('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env, cwd });
  // The line the cursor is on: tmux keeps no trailing blanks.
  const lastLine = async () => (await tmux('capture-pane', '-p', '-J', '-t', 'p')).stdout.trimEnd().split('\n').at(-1)!;
  const waitFor = async (ready: (line: string) => boolean, what: string, ms: number): Promise<string> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const line = await lastLine();
      if (ready(line)) return line;
      if (Date.now() > deadline) throw new Error(`the pane never showed ${what}: ${line}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await tmux('new-session', '-d', '-s', 'p', '-x', '250', '-y', '20', command);
  await tmux('send-keys', '-t', 'p', `PS1='> '; source ${setup} && clear`, 'Enter');
  await waitFor((line) => line === '>', 'a clean prompt', 30_000);
  return {
    async complete(line) {
      const shown = `> ${line}`.trimEnd();
      await tmux('send-keys', '-t', 'p', '-l', line);
      await waitFor((text) => text === shown, 'the typed line', 10_000);
      await tmux('send-keys', '-t', 'p', 'Tab');
      try {
        // A completion that finds nothing leaves the line as it was: give it a little while.
        return await waitFor((text) => text !== shown, 'a completed line', 3_000);
      } catch {
        return lastLine();
      } finally {
        await tmux('send-keys', '-t', 'p', 'C-u', 'clear', 'Enter');
        await waitFor((text) => text === '>', 'a clean prompt', 10_000);
      }
    },
    close: async () => {
      await tmux('kill-server').catch(() => {});
    },
  };
}

/** What each line must become: a command, then the candidates of the program itself, for an option and an argument. */
const QUESTIONS = [
  ['al', 'alpha'],
  ['alpha --region eu', 'alpha --region eu-north-from-the-program'],
  ['beta g', 'beta gamma-from-the-program'],
] as const;

describeWith(
  ['bash', 'tmux'],
  'C1 · C3 · bash completes a program whose name needs quoting, typed at a real prompt (probe: bash-quoted-name)',
  () => {
    let pane: Pane;
    beforeAll(async () => {
      const setup = join(dir, 'setup.bash');
      writeFileSync(setup, NAMES.map((_, index) => `source ${script(index, 'bash')}\n`).join(''));
      pane = await openPane('bash --norc --noprofile -i', setup);
    }, 60_000);
    afterAll(() => pane?.close());

    const cases = NAMES.flatMap((name) => [
      [name, 'with backslashes', backslashed(name)] as const,
      [name, 'in single quotes', posixSingle(name)] as const,
      [name, 'in double quotes', posixDouble(name)] as const,
    ]);
    it.each(cases)(
      'C1 · %j typed %s: readline finds its completion, and the program is run by its real name (probe: bash-quoted-name)',
      async (_name, _style, typed) => {
        for (const [line, completed] of QUESTIONS) {
          expect(await pane.complete(`${typed} ${line}`), line).toBe(`> ${typed} ${completed}`);
        }
      },
    );
  },
);

describeWith(
  ['zsh', 'tmux'],
  'C1 · C3 · zsh completes a program whose name needs quoting, typed at a real prompt (probe: zsh-quoted-name)',
  () => {
    let pane: Pane;
    beforeAll(async () => {
      const setup = join(dir, 'setup.zsh');
      const sources = NAMES.map((_, index) => `source ${script(index, 'zsh')}\n`).join('');
      writeFileSync(setup, `autoload -Uz compinit && compinit -u -d ${join(dir, 'zcompdump')}\n${sources}`);
      pane = await openPane('zsh -f', setup);
    }, 60_000);
    afterAll(() => pane?.close());

    const cases = NAMES.flatMap((name) => [
      [name, 'with backslashes', backslashed(name)] as const,
      [name, 'in single quotes', posixSingle(name)] as const,
      [name, 'in double quotes', posixDouble(name)] as const,
      [name, "in $'…'", zshTyped(name)] as const,
    ]);
    it.each(cases)(
      'C1 · %j typed %s: its commands, and the program run by its real name for its own candidates (probe: zsh-quoted-name)',
      async (_name, _style, typed) => {
        for (const [line, completed] of QUESTIONS) {
          expect(await pane.complete(`${typed} ${line}`), line).toBe(`> ${typed} ${completed}`);
        }
      },
    );
  },
);
