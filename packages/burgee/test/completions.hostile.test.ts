import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Program } from '../src/declaration/types.js';
import { runProgram } from '../src/testing/index.js';
import {
  answers,
  BASH_DRIVER,
  commanderProgram,
  FISH_DRIVER,
  fishControl,
  hostileWords,
  nativeProgram,
  openZshPane,
  shell,
  typeable,
  ZSH_DRIVER,
  type ZshPane,
  zshTyped,
} from './support/hostile.js';
import { describeWith } from './support/tools.js';

// C1 · C3: every word a declaration can spell (program, command and option names, choices,
// descriptions) is built from what a careless script would run; each script is sourced and completed
// by its real shell. Probe: hostile-names. PowerShell is not run: neither the npm registry nor Debian
// ships it; its quoting is held by the unit tests of quote.ts.
const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

type Case = {
  index: number;
  kind: 'native' | 'commander';
  name: string;
  choices: string[];
  script: (s: Shell) => string;
};

const dir = mkdtempSync(join(tmpdir(), 'burgee-hostile-'));
const canaries = join(dir, 'canary');
mkdirSync(canaries);
// Relative: the shells run in the canary folder (a `/` would make a name a path no shell completes).
const words = hostileWords((n) => `canary-${n}`);
const env = { PATH: process.env.PATH ?? '', HOME: dir, LANG: 'C.UTF-8', TERM: 'xterm' };

/** Each word as a native program's name (beside its choices and descriptions) and as a commander program's everything. */
const cases: Case[] = [];
for (const [index, name] of words.entries()) {
  const choices = [name, words[(index + 1) % words.length]!];
  const programs: [Case['kind'], Program][] = [
    ['native', nativeProgram(name, choices)],
    ['commander', await commanderProgram(name, choices)],
  ];
  for (const [kind, program] of programs) {
    // Written by the program's own `completion <shell>`, as a user gets it.
    for (const shell of SHELLS) {
      const result = await runProgram(program, ['completion', shell]);
      if (result.exitCode !== 0 || result.stderr !== '')
        throw new Error(`completion ${shell} failed: ${result.stderr}`);
      writeFileSync(join(dir, `${index}-${kind}.${shell}`), result.stdout);
    }
    cases.push({ index, kind, name, choices, script: (s) => join(dir, `${index}-${kind}.${s}`) });
  }
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  const ran = readdirSync(canaries);
  // Cleared before the check, so each test answers for its own shell run only.
  for (const file of ran) rmSync(join(canaries, file), { force: true });
  expect(ran, 'a payload ran: its canary file exists').toEqual([]);
});

const title = (c: Case) => `#${c.index} ${c.kind} ${JSON.stringify(c.name).slice(0, 40)}`;
const inputs = (c: Case, shell: Shell) => ({
  ...env,
  SCRIPT: c.script(shell),
  NAME: typeable(c.name),
  WORD: typeable(c.name),
});
/** fish prints one candidate a line, a tab before its description: a word holding either cannot be compared. */
const fishComparable = (word: string) => !/[\n\r\t]/.test(word);

it('C1 · the probe holds at least 30 hostile words, each used as program, command, option, choice and description (probe: hostile-names)', () => {
  expect(words.length).toBeGreaterThanOrEqual(30);
  expect(cases).toHaveLength(words.length * 2);
});

describeWith(
  ['bash'],
  'C1 · C3 · bash sources every hostile script without error and completes it (probe: hostile-names)',
  () => {
    it.each(cases.map((c) => [title(c), c] as const))('C1 · bash: %s', async (_, c) => {
      const result = await shell('bash', ['--norc', '--noprofile', '-c', BASH_DRIVER], inputs(c, 'bash'), canaries);
      expect(result, title(c)).toMatchObject({ code: 0, stderr: '' });
      const [command, option, choices, root, , flagValues] = answers(result.stdout, '\u0000');
      expect(command, title(c)).toEqual(['launch']);
      expect(option, title(c)).toEqual(['--flavour']);
      const offered = [...c.choices.map(typeable), 'plain'];
      if (c.kind === 'native') {
        expect(choices, title(c)).toEqual(offered);
        expect(root, title(c)).toEqual(expect.arrayContaining(['launch', 'stop']));
      } else {
        expect(root, title(c)).toContain(typeable(c.name));
        expect(flagValues, title(c)).toEqual(offered);
      }
    });
  },
);

describeWith(
  ['fish'],
  'C1 · C3 · fish sources every hostile script without error and completes it (probe: hostile-names)',
  () => {
    it.each(cases.map((c) => [title(c), c] as const))('C1 · fish: %s', async (_, c) => {
      const result = await shell(
        'fish',
        ['--no-config', '-c', FISH_DRIVER],
        { ...inputs(c, 'fish'), CONTROL: fishControl(c.name) },
        canaries,
      );
      expect(result, title(c)).toMatchObject({ code: 0, stderr: '' });
      const [control, command, option, choices, root, , flagValues] = answers(result.stdout, '\n');
      // A name fish cannot complete even for its own bare registration: sourcing safely is all there is.
      if (!control!.includes('fish-can-complete-it')) return;
      expect(command, title(c)).toEqual(['launch']);
      expect(option, title(c)).toEqual(['--flavour']);
      const offered = [...c.choices.map(typeable), 'plain'].filter(fishComparable);
      // fish splits `commandline -o` at line breaks: a command word holding one cannot be walked into.
      if (c.kind === 'native') expect(choices, title(c)).toEqual(expect.arrayContaining(offered));
      else if (fishComparable(c.name)) expect(flagValues, title(c)).toEqual(expect.arrayContaining(offered));
      if (c.kind === 'native') expect(root, title(c)).toEqual(expect.arrayContaining(['launch', 'stop']));
      else if (fishComparable(c.name)) expect(root, title(c)).toContain(typeable(c.name));
    });
  },
);

describeWith(
  ['zsh'],
  'C1 · C3 · zsh sources every hostile script after compinit and registers the name as given (probe: hostile-names)',
  () => {
    it.each(cases.map((c) => [title(c), c] as const))('C1 · zsh: %s', async (_, c) => {
      // One compinit dump for all: the first compinit writes it (seconds), the others read it.
      const input = { ...inputs(c, 'zsh'), DUMP: join(dir, 'zcompdump') };
      const result = await shell('zsh', ['-f', '-c', ZSH_DRIVER], input, canaries);
      expect(result, title(c)).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout, title(c)).toMatch(/^_[A-Za-z0-9_]+$/);
    });
  },
);

describeWith(
  ['zsh', 'tmux'],
  'C1 · C3 · zsh completes a command and an option of every hostile program, typed at a real prompt (probe: hostile-names)',
  () => {
    let pane: ZshPane;
    const natives = cases.filter((c) => c.kind === 'native');
    beforeAll(async () => {
      const setup = join(dir, 'setup.zsh');
      const sources = natives.map((c) => `source ${c.script('zsh')}`).join('\n');
      writeFileSync(setup, `autoload -Uz compinit && compinit -u -d ${join(dir, 'zcompdump')}\n${sources}\n`);
      pane = await openZshPane(dir, canaries, env, setup);
    }, 60_000);
    afterAll(() => pane?.close());

    it.each(natives.map((c) => [title(c), c] as const))('C1 · zsh: %s', async (_, c) => {
      const typed = zshTyped(c.name);
      expect(await pane.complete(`${typed} lau`), title(c)).toMatch(/ launch$/);
      expect(await pane.complete(`${typed} launch --fla`), title(c)).toMatch(/ launch --flavour$/);
    });
  },
);

describeWith(['zsh'], 'C1 · C3 · zsh autoloads hostile scripts from fpath (probe: hostile-names)', () => {
  it('C1 · compinit reads every #compdef line from fpath, registers the exact name, and runs nothing (probe: hostile-names)', async () => {
    const fpath = join(dir, 'fpath');
    mkdirSync(fpath);
    const tagged = cases.filter(
      (c) => c.kind === 'native' && readFileSync(c.script('zsh'), 'utf8').startsWith('#compdef '),
    );
    const names: Record<string, string> = {};
    for (const [i, c] of tagged.entries()) {
      const fn = /^(_\w+)\(\) \{$/m.exec(readFileSync(c.script('zsh'), 'utf8'))![1]!;
      copyFileSync(c.script('zsh'), join(fpath, fn));
      names[`N${i}`] = typeable(c.name);
    }
    expect(tagged.length).toBeGreaterThanOrEqual(10);
    const driver = `fpath=(${fpath} $fpath); autoload -Uz compinit && compinit -u -d ${join(dir, 'zcompdump-fpath')} || exit 96
  for i in {0..${tagged.length - 1}}; do v=N$i; print -rn -- "\${_comps[\${(P)v}]}"$'\\0'; done`;
    const result = await shell('zsh', ['-f', '-c', driver], { ...env, ...names }, canaries);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const registered = result.stdout.split('\0').slice(0, -1);
    expect(registered).toHaveLength(tagged.length);
    for (const [i, fn] of registered.entries()) expect(fn, title(tagged[i]!)).toMatch(/^_\w+$/);
  }, 60_000);
});
