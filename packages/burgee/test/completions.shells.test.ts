import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bashComplete,
  fishComplete,
  makeShellBench,
  openZshPane,
  removeShellBench,
  type ShellBench,
  type ZshPane,
} from './support/shells.js';
import { describeWith } from './support/tools.js';

// C3: each generated script is driven by its real shell, against the fixture in fixtures/shells.
let bench: ShellBench;
beforeAll(() => {
  bench = makeShellBench();
});
afterAll(() => removeShellBench(bench));

/** What every shell must offer, restated from C1 and C2; `[line, must include, must not include]`. */
const cases: ReadonlyArray<readonly [string, string, readonly string[], readonly string[]]> = [
  ['a command from its prefix', 'tool dep', ['deploy'], ['drop']],
  ['a flag from its prefix', 'tool deploy --ta', ['--target'], []],
  ['the choices after a value flag', 'tool deploy --channel ', ['stable', 'beta', 'nightly'], []],
  ['the choices after a short flag', 'tool deploy -c b', ['beta'], ['stable']],
  ['a dynamic complete function', 'tool deploy --region eu-', ['eu-west', 'eu-north'], ['us-east']],
  ['--no-x for a negatable boolean on by default', 'tool deploy --no', ['--no-verify'], []],
  ['no --no-x for a confirmation flag, which is off unless typed', 'tool deploy --', ['--yes'], ['--no-yes']],
  ['--json and --help everywhere', 'tool config get --', ['--json', '--help', '--scope'], []],
  ['nested subcommands', 'tool config ', ['get', 'set'], []],
  ['choices of a nested command', 'tool config get --scope ', ['local', 'global'], []],
  ['no hidden command, a withheld one', 'tool d', ['deploy', 'drop'], ['debug-dump']],
  ['no hidden option', 'tool deploy --', ['--target', '--verify'], ['--internal-trace']],
  ['the synthesised commands', 'tool ', ['help', 'completion', 'mcp'], ['__complete']],
  ['a lazy command, without importing it', 'tool lazy --flavour ', ['vanilla', 'chocolate'], []],
  ['nothing from a throwing completer', 'tool deploy --broken ', [], ['no candidates today']],
  ["an argument's choices", 'tool config set ', ['colour', 'editor'], []],
  ['the next argument, which has none', 'tool config set colour ', [], []],
  ['a variadic argument, after flags and their values', 'tool deploy --channel beta api w', ['web', 'worker'], ['api']],
  ['the shells after completion', 'tool completion ', ['bash', 'zsh', 'fish', 'pwsh'], []],
  ['the actions after mcp', 'tool mcp ', ['config', 'install'], []],
  [
    'the clients after mcp config',
    'tool mcp config c',
    ['claude-code', 'claude-desktop', 'cursor', 'codex'],
    ['vscode'],
  ],
  ["mcp install's --scope choices", 'tool mcp install cursor --scope ', ['project', 'user'], []],
  ['no file names for an --http URL', 'tool mcp config cursor --http ', [], []],
  ['help takes a declared command', 'tool help co', ['config'], ['completion']],
  ["help of a group offers the group's commands", 'tool help config ', ['get', 'set'], []],
];

for (const [title, withPackage] of [
  ['bash --norc', false],
  ['bash with bash-completion', true],
] as const) {
  describeWith(withPackage ? ['bash', 'bash-completion'] : ['bash'], `C3 · ${title}`, () => {
    it.each(cases)('C1 · %s', async (__, line, offered, withheld) => {
      const candidates = await bashComplete(bench, line, withPackage);
      for (const word of offered) expect(candidates).toContain(word);
      for (const word of withheld) expect(candidates).not.toContain(word);
      if (offered.length === 0) expect(candidates).toEqual([]);
    });
  });
}

describeWith(['fish'], 'C3 · fish complete -C', () => {
  it.each(cases)('C1 · %s', async (__, line, offered, withheld) => {
    const candidates = await fishComplete(bench, line);
    for (const word of offered) expect(candidates).toContain(word);
    for (const word of withheld) expect(candidates).not.toContain(word);
    if (offered.length === 0) expect(candidates).toEqual([]);
  });
});

describeWith(['zsh', 'tmux'], 'C3 · zsh typed into a tmux pane', () => {
  let pane: ZshPane;
  beforeAll(async () => {
    pane = await openZshPane(bench);
  }, 30_000);
  afterAll(() => pane.close());

  it('C1 · tool dep<TAB> becomes tool deploy', async () => {
    expect(await pane.type('tool dep', '> tool deploy')).toContain('> tool deploy');
  });
  it('C1 · tool deploy --ta<TAB> becomes --target', async () => {
    expect(await pane.type('tool deploy --ta', '--target')).toContain('> tool deploy --target');
  });
  it('C1 · the choices after a value flag are listed', async () => {
    const screen = await pane.type('tool deploy --channel ', 'nightly');
    expect(screen).toMatch(/stable\s+beta\s+nightly|beta\s+nightly\s+stable/);
  });
  it('C2 · a dynamic complete function completes a unique value', async () => {
    expect(await pane.type('tool deploy --region eu-n', 'eu-north')).toContain('> tool deploy --region eu-north');
  });
  it('C1 · --no-x is offered for a negatable boolean on by default', async () => {
    expect(await pane.type('tool deploy --no-v', '--no-verify')).toContain('> tool deploy --no-verify');
  });
  it('C1 · D3 · no --no-x for a confirmation flag: tool deploy --no<TAB> becomes --no-verify, the only one', async () => {
    expect(await pane.type('tool deploy --no', 'deploy --no-verify')).toContain('> tool deploy --no-verify');
  });
  it("C1 · D4 · an argument's choices, from the program", async () => {
    expect(await pane.type('tool config set e', 'editor')).toContain('> tool config set editor');
  });
  it('C1 · the words after a synthesised command: tool completion z<TAB> becomes zsh', async () => {
    expect(await pane.type('tool completion z', 'completion zsh')).toContain('> tool completion zsh');
    expect(await pane.type('tool mcp config claude-d', 'claude-desktop')).toContain('> tool mcp config claude-desktop');
  });
  it('C1 · nested subcommands, and no hidden command or option', async () => {
    expect(await pane.type('tool config g', 'config get')).toContain('> tool config get');
    const commands = await pane.type('tool d', 'drop');
    expect(commands).toContain('deploy');
    expect(commands).not.toContain('debug-dump');
    const flags = await pane.type('tool deploy --', '--verify');
    expect(flags).toContain('--target');
    expect(flags).not.toContain('--internal-trace');
  });
});
