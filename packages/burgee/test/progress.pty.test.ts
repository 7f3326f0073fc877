import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { example } from './support/cli.js';
import { Terminal } from './support/tmux.js';
import { describeWith } from './support/tools.js';

// H5 · E9: a progress line in a real terminal (tmux) whose width is 0, 1, or changes while the line
// is drawn. The width is set on the terminal device itself (`stty cols`), as a detached or embedded
// terminal reports it; changing it sends the running program SIGWINCH, as a resize does.
const ship = `${process.execPath} ${example('ship')}`;
const run = promisify(execFile);
let terminal: Terminal;
let cwd: string;
beforeEach(async () => {
  terminal = await Terminal.start();
  cwd = mkdtempSync(join(tmpdir(), 'burgee-progress-'));
  await terminal.type(`cd ${cwd}`);
});
afterEach(async () => {
  // A line that hangs its program (as one did at 0 columns) must not outlive the test: SIGHUP from
  // closing the terminal goes to a JavaScript handler that a blocked event loop never runs.
  const tty = await terminal.tty();
  await run('pkill', ['-KILL', '-t', tty.replace('/dev/', '')]).catch(() => {});
  await terminal.close();
  rmSync(cwd, { recursive: true, force: true });
});

/**
 * Runs the backup at `columns`, then puts the width back. An inner bash reports the exit status: an
 * interactive one drops the rest of a line whose command died of SIGINT; `trap : INT` keeps it going.
 */
const backup = (columns: number, tables: number, pace: number) =>
  terminal.type(
    `stty cols ${columns}; bash -c 'trap : INT; "$@"; echo EXIT=$?' _ ${ship} db backup --tables ${tables} --pace ${pace}; stty cols 100`,
  );

/** What a progress line leaves on the screen if it is not erased: its bar or a spinner frame. */
const DEBRIS = /[█░⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

/** The terminal after the run: echo and line editing on, the cursor shown (E9). */
async function expectRestored(): Promise<void> {
  await terminal.type(
    'stty -a | tr -s " ;" "\\n\\n" | grep -x -e echo -e -echo -e icanon -e -icanon; echo STTY-$((40+2))',
  );
  const screen = await terminal.waitFor(/STTY-42/);
  const flags = screen.slice(screen.lastIndexOf('stty -a'), screen.indexOf('STTY-42')).split('\n').slice(1, -1);
  expect(flags.sort()).toEqual(['echo', 'icanon']);
  expect(await terminal.cursorVisible()).toBe(true);
}

describeWith(['tmux'], 'H5 · E9 · a progress line at any terminal width (tmux)', () => {
  it.each([0, 1])(
    'H5 · a terminal of %i columns: the run ends with its result and leaves no line behind (probe: narrow-terminal)',
    async (columns) => {
      await backup(columns, 3, 150);
      const screen = await terminal.waitFor(/EXIT=\d+/, 0, 15_000);
      expect(screen).toMatch(/tables: 3\nfile: {3}backup\.sql\nEXIT=0/);
      expect(screen).not.toMatch(DEBRIS);
      await expectRestored();
    },
  );

  it('H5 · a terminal resized to 0, 1 and back while the line is drawn: the run ends normally (probe: resize-mid-run)', async () => {
    await backup(100, 8, 300);
    await terminal.waitFor(/░ [0-7]\/8 copying table/);
    const tty = await terminal.tty();
    for (const columns of [0, 1, 40, 0, 100]) {
      await run('stty', ['-F', tty, 'cols', String(columns)]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const screen = await terminal.waitFor(/EXIT=\d+/, 0, 15_000);
    expect(screen).toMatch(/tables: 8\nfile: {3}backup\.sql\nEXIT=0/);
    expect(screen).not.toMatch(DEBRIS);
  });

  it.each([0, 1, 100])(
    'H5 · E9 · Ctrl-C in a terminal of %i columns ends the run: exit 130, line erased, terminal restored (probe: interrupt-progress)',
    async (columns) => {
      await backup(columns, 100, 200);
      // The line has started once the cursor is hidden (at 1 column nothing else of it fits).
      const deadline = Date.now() + 15_000;
      while ((await terminal.cursorVisible()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await terminal.cursorVisible()).toBe(false);
      await terminal.keys('C-c');
      const screen = await terminal.waitFor(/EXIT=\d+/, 0, 10_000);
      expect(screen).toMatch(/EXIT=130/);
      expect(screen).not.toMatch(DEBRIS);
      await expectRestored();
    },
  );
});
