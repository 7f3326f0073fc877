import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Terminal } from './support/tmux.js';
import { describeWith } from './support/tools.js';

const tasky = `${process.execPath} ${fileURLToPath(new URL('./fixtures/tasks.mjs', import.meta.url))}`;

// --detach at a real terminal (tmux): the prompt is asked here, and its answer reaches the worker on
// a pipe, never on the worker's command line.
describeWith(['tmux'], 'B3 · --detach asks at the terminal, then runs in the background', () => {
  let terminal: Terminal;
  let dir: string;
  beforeEach(async () => {
    terminal = await Terminal.start();
    dir = mkdtempSync(join(tmpdir(), 'burgee-tasks-pty-'));
  });
  afterEach(async () => {
    await terminal.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('B3 · a secret answered at the prompt reaches the worker on fd 3, never in its argv', async () => {
    const mark = join(dir, 'mark.json');
    await terminal.type(`XDG_STATE_HOME=${dir} ${tasky} sign --mark ${mark} --detach; echo EXIT=$?`);
    await terminal.waitFor(/Secret\?/);
    await terminal.type('hunter2');
    const screen = await terminal.waitFor(/EXIT=\d+/);
    expect(screen).toMatch(/tasky sign: working/);
    expect(screen).toContain('EXIT=0');
    const end = Date.now() + 10_000;
    while (!existsSync(mark) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = JSON.parse(readFileSync(mark, 'utf8')) as { secret: string; argv: string[] };
    expect(seen.secret).toBe('hunter2');
    expect(seen.argv).toEqual(['sign', '--mark', mark, '--json']);
  });
});
