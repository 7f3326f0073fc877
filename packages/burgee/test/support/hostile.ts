import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asProgram, Command, Option } from '../../src/adapters/commander/index.js';
import { defineCommand, defineProgram } from '../../src/declaration/index.js';
import type { Program } from '../../src/declaration/types.js';

const run = promisify(execFile);

/**
 * Words a declaration may spell that a careless script would run, break on or misread: quotes of
 * every kind, command substitution in each shell's syntax, separators, redirections, line breaks, a
 * trailing backslash, `%`, globs, options in disguise, non-ASCII. `canary(n)` is a file path: each
 * payload creates its file if any shell ever executes it.
 */
export function hostileWords(canary: (n: number) => string): string[] {
  const c = canary;
  return [
    `x$(touch ${c(0)})`,
    `x\`touch ${c(1)}\``,
    `x;touch ${c(2)}`,
    `x|touch ${c(3)}`,
    `x\ntouch ${c(4)}\n`,
    `x'; touch ${c(5)}; '`,
    `x"; touch ${c(6)}; "`,
    `x&&touch ${c(7)}`,
    `x>${c(8)}`,
    // fish's command substitution, with and without a dollar
    `x(touch ${c(9)})`,
    `x$(touch ${c(10)}) in fish`,
    // fish reads \' inside single quotes as a quote: a quoting that forgets breaks out here
    `x\\'; touch ${c(11)}; #`,
    // a trailing backslash, then a word that runs if the backslash ate the closing quote
    'trailing\\',
    `;touch ${c(12)};#`,
    `x\r;touch ${c(13)}`,
    `"$(touch ${c(14)})"`,
    `'$(touch ${c(15)})'`,
    `x\${IFS}$(touch\${IFS}${c(16)})`,
    `$'\\x27'; touch ${c(17)}`,
    // PowerShell's typographic quotes and subexpressions
    `x\u2019; touch ${c(18)}; \u2018`,
    `x$(New-Item ${c(19)})`,
    `x\`; touch ${c(20)}`,
    '%self',
    '%s%n%d',
    'has space',
    'tab\there',
    'esc\u001b[31mred',
    '-p',
    'a=b',
    '#comment',
    '~root',
    '*',
    '[ab]?',
    '{a,b}',
    '!!',
    'naïve-日本語-😀',
    '\u00a0nbsp',
    'bell\u0007\u007f',
  ];
}

/**
 * A program named `name` whose command `launch` has the word as its description and among the
 * choices of `--flavour` (with the next word of the list, so pairs meet, as a backslash and a quote would).
 */
export function nativeProgram(name: string, choices: readonly string[]): Program {
  const launch = defineCommand({
    name: 'launch',
    description: name,
    effects: 'read_only',
    options: {
      flavour: { type: 'string', choices: [...choices, 'plain'] as readonly string[], description: name },
      verbose: { type: 'boolean', description: choices.join(' ') },
    },
    run: () => null,
  });
  const stop = defineCommand({ name: 'stop', description: name, effects: 'read_only', run: () => null });
  return defineProgram({ name, commands: [launch, stop] });
}

/** The same words through commander, which takes any command name and flag: its adapter bypasses the checks. */
export async function commanderProgram(name: string, choices: readonly string[]): Promise<Program> {
  const program = new Command(name);
  const hostile = new Command(name).description(name).action(() => {});
  // commander splits flags at spaces, commas and bars: the rest of the word stays in the flag.
  const flag = `--o${name.replace(/[\s,|]/g, '')}`;
  hostile.addOption(new Option(`${flag} <value>`, name).choices([...choices, 'plain']));
  program.addCommand(hostile);
  program
    .command('launch')
    .option('--flavour <value>')
    .action(() => {});
  return asProgram(program);
}

/** The word as any shell can hold it: no argument carries a NUL. */
export const typeable = (word: string): string => word.replaceAll('\u0000', '');

export type ShellRun = { code: number; stdout: string; stderr: string };

/** Runs a shell program with the words in its environment: the harness itself quotes nothing. */
export async function shell(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<ShellRun> {
  try {
    const { stdout, stderr } = await run(command, args, { env, cwd, encoding: 'utf8', timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/**
 * bash: sources the script, finds the function registered for `$NAME` (`complete -p`), and
 * completes lines of words as readline would hand them over; every answer ends with `<end>`.
 */
export const BASH_DRIVER = `
source "$SCRIPT" || exit 97
spec=$(complete -p -- "$NAME") || exit 98
fn=\${spec#*-F }; fn=\${fn%% *}
ask() {
  COMP_WORDS=("$NAME" "$@"); COMP_CWORD=$#; COMPREPLY=()
  "$fn" "$NAME" "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
  printf '%s\\0' "\${COMPREPLY[@]}" '<end>'
}
ask lau
ask launch --fla
ask launch --flavour ''
ask ''
ask "$WORD" --o
ask "$WORD" "\${COMPREPLY[0]}" ''
`;

/**
 * fish: first whether fish can complete a command of this name at all (a bare registration of its
 * own, the name in `$CONTROL` as `\xHH` escapes: `complete -c` unescapes its argument), then the same questions
 * through `complete -C`, the program name escaped by fish itself.
 */
export const FISH_DRIVER = `
set -l prog (string escape -- $NAME)
set -l word (string escape -- $WORD)
complete -c $CONTROL -f -a fish-can-complete-it
complete --do-complete="$prog "
echo '<end>'
complete -c $CONTROL -e
source $SCRIPT; or exit 97
for line in 'lau' 'launch --fla' 'launch --flavour ' ''
  complete --do-complete="$prog $line"
  echo '<end>'
end
set -l flag (complete --do-complete="$prog $word --o" | string split -f1 \\t)[1] --none
echo $flag[1]
echo '<end>'
complete --do-complete="$prog $word "(string escape -- $flag[1])' '
echo '<end>'
`;

/** zsh: compinit, the script sourced, and what `_comps` now maps the name to (a defined function). */
export const ZSH_DRIVER = `
autoload -Uz compinit && compinit -u -d "$DUMP" || exit 96
source "$SCRIPT" || exit 97
fn=\${_comps[$NAME]}
(( \${+functions[$fn]} )) && print -rn -- "$fn"
`;

/** The answers of a driver, one list per question, each list ended by a `<end>` item. */
export function answers(stdout: string, separator: '\u0000' | '\n'): string[][] {
  const lists: string[][] = [[]];
  const items = stdout.split(separator);
  for (const item of separator === '\n' ? items : items.slice(0, -1)) {
    if (item === '<end>') lists.push([]);
    else lists.at(-1)!.push(separator === '\n' ? item.split('\t')[0]! : item);
  }
  return lists.slice(0, -1);
}

/** The name for fish's `complete -c`, which unescapes it: every ASCII character but a letter or digit as `\xHH`. */
export const fishControl = (word: string): string =>
  [...typeable(word)]
    .map((c) =>
      /[A-Za-z0-9]/.test(c) || c.charCodeAt(0) > 127 ? c : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A line zsh reads back as exactly `word`, written without the code under test: `$'\xHH…'`. */
export const zshTyped = (word: string): string =>
  `$'${[...typeable(word)].map((c) => (/[A-Za-z0-9]/.test(c) || c.charCodeAt(0) > 127 ? c : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join('')}'`;

/** A zsh in a tmux pane (private socket), set up by `setup`, that lines are typed into and completed with TAB. */
export type ZshPane = { complete: (line: string) => Promise<string>; close: () => Promise<void> };

/** Starts `zsh -f` in a detached tmux pane, sources `setup`, and returns a way to complete a line. */
export async function openZshPane(
  dir: string,
  cwd: string,
  env: Record<string, string>,
  setup: string,
): Promise<ZshPane> {
  const socket = join(dir, 'tmux.sock');
  const tmux = (...args: string[]) => run('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env, cwd });
  const screen = async () => (await tmux('capture-pane', '-p', '-J', '-t', 'zsh')).stdout.trimEnd();
  const waitFor = async (ready: (text: string) => boolean, what: string, ms = 30_000): Promise<string> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const text = await screen();
      if (ready(text)) return text;
      if (Date.now() > deadline) throw new Error(`zsh pane never showed ${what}:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await tmux('new-session', '-d', '-s', 'zsh', '-x', '300', '-y', '20', 'zsh -f');
  await tmux('send-keys', '-t', 'zsh', `PS1='> '; source ${setup} && clear`, 'Enter');
  await waitFor((text) => text === '>', 'a clean prompt');
  return {
    /** Types the line, presses TAB once the line is on screen, and returns the line as completion left it. */
    async complete(line) {
      await tmux('send-keys', '-t', 'zsh', '-l', line);
      await waitFor((text) => text.endsWith(line), 'the typed line');
      await tmux('send-keys', '-t', 'zsh', 'Tab');
      try {
        return await waitFor((text) => !text.endsWith(line), 'a completed line', 10_000);
      } catch {
        return screen();
      } finally {
        await tmux('send-keys', '-t', 'zsh', 'C-u', 'clear', 'Enter');
        await waitFor((text) => text === '>', 'a clean prompt');
      }
    },
    close: async () => {
      await tmux('kill-server').catch(() => {});
    },
  };
}
