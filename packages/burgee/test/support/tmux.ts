import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
let sessions = 0;

/**
 * A real pseudo-terminal: a private tmux server (its own socket, no config) running an
 * interactive bash with only PATH, HOME, LANG and TERM in its environment. Keys are typed with
 * send-keys; what a person would see is read with capture-pane.
 */
export class Terminal {
  private constructor(private readonly socket: string) {}

  /** Starts a terminal of this size, with a second window whose terminal can take a program's stderr. */
  static async start(columns = 100, rows = 30): Promise<Terminal> {
    const terminal = new Terminal(`burgee-test-${process.pid}-${++sessions}`);
    await terminal.tmux([
      'new-session',
      '-d',
      '-s',
      't',
      '-x',
      String(columns),
      '-y',
      String(rows),
      'bash --norc --noprofile -i',
    ]);
    await terminal.tmux(['new-window', '-d', '-t', 't:1', 'sleep 100000']);
    await terminal.type("PS1='$ '; clear");
    return terminal;
  }

  /** The terminal device of the second window: `2>` it to see what a program draws on stderr alone. */
  async stderrTty(): Promise<string> {
    return this.tty(1);
  }

  /** The terminal device of a window: `stty -F` it to change the size its programs see. */
  async tty(window: 0 | 1 = 0): Promise<string> {
    return (await this.tmux(['display', '-p', '-t', `t:${window}`, '#{pane_tty}'])).trim();
  }

  /** Types a line into the shell and presses Enter. */
  async type(line: string): Promise<void> {
    await this.tmux(['send-keys', '-t', 't:0', '-l', line]);
    await this.keys('Enter');
  }

  /** Presses keys by tmux name: `Down`, `Enter`, `C-c`, `Escape`. */
  async keys(...names: string[]): Promise<void> {
    await this.tmux(['send-keys', '-t', 't:0', ...names]);
  }

  /** The screen of the first window (or of the stderr window), as text. */
  async screen(window: 0 | 1 = 0): Promise<string> {
    // -J joins lines the terminal wrapped, so a long JSON line reads as one.
    return this.tmux(['capture-pane', '-p', '-J', '-t', `t:${window}`]);
  }

  /** Whether the window's cursor is shown. */
  async cursorVisible(window: 0 | 1 = 0): Promise<boolean> {
    return (await this.tmux(['display', '-p', '-t', `t:${window}`, '#{cursor_flag}'])).trim() === '1';
  }

  /** Waits until the screen matches, and returns it; fails with the last screen after `timeoutMs`. */
  async waitFor(pattern: RegExp, window: 0 | 1 = 0, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let screen = '';
    while (Date.now() < deadline) {
      screen = await this.screen(window);
      if (pattern.test(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the terminal never showed ${pattern}; it shows:\n${screen}`);
  }

  async close(): Promise<void> {
    await this.tmux(['kill-server']).catch(() => {});
  }

  private async tmux(args: readonly string[]): Promise<string> {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
    };
    const { stdout } = await run('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { env });
    return stdout;
  }
}
