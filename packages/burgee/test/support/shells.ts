import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './cli.js';

const run = promisify(execFile);

/** The completion fixture: every kind of word a script offers (test/fixtures/shells/cli.mjs). */
export const shellsFixture = `${repoRoot}packages/burgee/test/fixtures/shells/cli.mjs`;

/** A scratch HOME with `tool` on PATH (a launcher for the fixture) and the four generated scripts. */
export type ShellBench = { dir: string; bin: string; script: (shell: string) => string; env: Record<string, string> };

/** Makes the scratch folder; each script is written by running `tool completion <shell>` for real. */
export function makeShellBench(): ShellBench {
  const dir = mkdtempSync(join(tmpdir(), 'burgee-shells-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'tool'), `#!/bin/sh\nexec '${process.execPath}' '${shellsFixture}' "$@"\n`);
  chmodSync(join(bin, 'tool'), 0o755);
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: dir, LANG: 'C.UTF-8', TERM: 'xterm' };
  for (const shell of ['bash', 'zsh', 'fish', 'pwsh']) {
    const text = execFileSync(join(bin, 'tool'), ['completion', shell], { env, encoding: 'utf8' });
    writeFileSync(join(dir, `tool.${shell}`), text);
  }
  return { dir, bin, env, script: (shell) => join(dir, `tool.${shell}`) };
}

export const removeShellBench = (bench: ShellBench): void => rmSync(bench.dir, { recursive: true, force: true });

/** The words of a command line as a shell hands them to completion: the last is the partial word. */
const wordsOf = (line: string): string[] => line.split(' ');

/**
 * Completes `line` in `bash --norc` through the function the script registered (`complete -p`),
 * filling COMP_WORDS and COMP_CWORD as readline does; with `bashCompletion`, the package is loaded first.
 */
export async function bashComplete(bench: ShellBench, line: string, bashCompletion = false): Promise<string[]> {
  const words = wordsOf(line);
  const program = [
    bashCompletion ? 'source /usr/share/bash-completion/bash_completion' : '',
    `source ${bench.script('bash')}`,
    `fn=$(complete -p tool | sed -E 's/.*-F ([^ ]+) .*/\\1/')`,
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE='${line}'`,
    `COMP_POINT=${line.length}`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    '"$fn" tool "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion, not a template
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', program], { env: bench.env, cwd: bench.dir });
  return stdout.split('\n').filter(Boolean);
}

/** Completes `line` with fish's own entry point, `complete -C`. */
export async function fishComplete(bench: ShellBench, line: string): Promise<string[]> {
  const program = `source ${bench.script('fish')}; complete -C '${line}'`;
  const { stdout } = await run('fish', ['--no-config', '-c', program], { env: bench.env, cwd: bench.dir });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((candidate) => candidate.split('\t')[0]!);
}

/** A zsh in a tmux pane, with compinit and the script loaded, that keys are typed into. */
/** `type` presses TAB after `keys` and returns the screen once it shows `expected` (tmux drops trailing spaces). */
export type ZshPane = { type: (keys: string, expected: string) => Promise<string>; close: () => Promise<void> };

/**
 * Starts `zsh -f` in a detached tmux pane on a private server socket, loads compinit and the
 * generated script, and returns a way to type a line, press TAB and read the screen.
 */
export async function openZshPane(bench: ShellBench): Promise<ZshPane> {
  const socket = join(bench.dir, 'tmux.sock');
  const tmux = (...args: string[]) => run('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env: bench.env });
  const screen = async () => (await tmux('capture-pane', '-p', '-t', 'zsh')).stdout;
  const waitFor = async (ready: (text: string) => boolean, what: string): Promise<string> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const text = await screen();
      if (ready(text)) return text;
      if (Date.now() > deadline) throw new Error(`zsh pane never showed ${what}:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await tmux('new-session', '-d', '-s', 'zsh', '-x', '160', '-y', '40', 'zsh -f');
  await tmux(
    'send-keys',
    '-t',
    'zsh',
    `PS1='> '; autoload -Uz compinit && compinit -u && source ${bench.script('zsh')} && clear`,
    'Enter',
  );
  await waitFor((text) => text.trim() === '>', 'a clean prompt');
  return {
    async type(keys, expected) {
      await tmux('send-keys', '-t', 'zsh', '-l', keys);
      await tmux('send-keys', '-t', 'zsh', 'Tab');
      try {
        return await waitFor((text) => text.includes(expected), JSON.stringify(expected));
      } finally {
        await tmux('send-keys', '-t', 'zsh', 'C-u', 'clear', 'Enter');
        await waitFor((text) => text.trim() === '>', 'a clean prompt');
      }
    },
    close: async () => {
      await tmux('kill-server').catch(() => {});
    },
  };
}
