import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { example } from './support/cli.js';
import { Terminal } from './support/tmux.js';
import { describeWith } from './support/tools.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

// Prompts and progress in a real pseudo-terminal (tmux): keys typed, screens read.
describeWith(['tmux'], 'A6 · H5 · in a real terminal (tmux)', () => {
  const ship = `${process.execPath} ${example('ship')}`;
  let terminal: Terminal;
  let cwd: string;
  beforeEach(async () => {
    terminal = await Terminal.start();
    cwd = mkdtempSync(join(tmpdir(), 'burgee-pty-'));
    await terminal.type(`cd ${cwd}`);
  });
  afterEach(async () => {
    await terminal.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  const ran = () => existsSync(join(cwd, '.ship-rollbacks.log'));

  describe('A6 · a person at a terminal is asked', () => {
    it('A6 · a bound select and a bound text prompt answered by keys; the result holds the answers', async () => {
      await terminal.type(`${ship} rollback; echo EXIT=$?`);
      await terminal.waitFor(/Which service\?[\s\S]*worker/);
      await terminal.keys('Down', 'Down');
      await terminal.keys('Enter');
      await terminal.waitFor(/Why roll back\?/);
      await terminal.type('error rate up');
      const screen = await terminal.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/service: worker\nreason: {2}error rate up\nto: {6}previous build\nEXIT=0/);
      expect(ran()).toBe(true);
    });

    it('A6 · E9 · Ctrl-C in a prompt exits 4, and the terminal is usable: echo on, cursor visible', async () => {
      await terminal.type(`${ship} rollback --service api; echo EXIT=$?`);
      await terminal.waitFor(/Why roll back\?/);
      expect(await terminal.cursorVisible()).toBe(false);
      await terminal.keys('C-c');
      await terminal.waitFor(/EXIT=4/);
      // The marker is computed, so the typed command line itself never matches it.
      await terminal.type(
        'stty -a | tr -s " ;" "\\n\\n" | grep -x -e echo -e -echo -e icanon -e -icanon; echo STTY-$((40+2))',
      );
      const screen = await terminal.waitFor(/STTY-42/);
      const flags = screen.slice(screen.lastIndexOf('stty -a'), screen.indexOf('STTY-42')).split('\n').slice(1, -1);
      expect(flags.sort()).toEqual(['echo', 'icanon']);
      expect(await terminal.cursorVisible()).toBe(true);
      expect(screen).toContain('cancelled at the prompt');
      expect(ran()).toBe(false);
    });

    it('A6 · with the values from flag, env or config nobody is asked and nothing is refused', async () => {
      await terminal.type(`echo '{"rollback":{"reason":"from config"}}' > ship.config.json`);
      await terminal.type(`SHIP_SERVICE=web ${ship} rollback; echo EXIT=$?`);
      const screen = await terminal.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/service: web\nreason: {2}from config\nto: {6}previous build\nEXIT=0/);
      expect(screen).not.toMatch(/Which service|Why roll back/);
    });
  });

  describe('A6 · every kind of prompt caique draws, answered by keys, and Esc', () => {
    const six = `${process.execPath} ${fixture('six-prompts.mjs')}`;
    const restored = async (): Promise<string[]> => {
      // The marker is computed, so the typed command line itself never matches it.
      await terminal.type(
        'stty -a | tr -s " ;" "\\n\\n" | grep -x -e echo -e -echo -e icanon -e -icanon; echo STTY-$((40+2))',
      );
      const screen = await terminal.waitFor(/STTY-42/);
      return screen.slice(screen.lastIndexOf('stty -a'), screen.indexOf('STTY-42')).split('\n').slice(1, -1).sort();
    };

    it('A6 · text, confirm, select, multiselect, password and path, in a real terminal (probe: prompts-six-kinds)', async () => {
      await terminal.type('touch plan.txt');
      await terminal.type(`${six}; echo EXIT=$?`);
      await terminal.waitFor(/Project name\?/);
      await terminal.type('demo');
      await terminal.waitFor(/Go ahead\?[\s\S]*Yes \/ . No/);
      await terminal.keys('Right', 'Enter');
      await terminal.waitFor(/Which region\?[\s\S]*ap/);
      await terminal.keys('Down', 'Enter');
      await terminal.waitFor(/Which features\?[\s\S]*traces/);
      await terminal.keys('Space', 'Down', 'Down', 'Space', 'Enter');
      await terminal.waitFor(/API key\?/);
      await terminal.type('hunter2');
      const masked = await terminal.waitFor(/Where to\?[\s\S]*plan\.txt/);
      expect(masked).not.toContain('hunter2');
      await terminal.keys('Enter');
      const screen = await terminal.waitFor(/EXIT=\d+/);
      expect(screen).toContain(
        `name:     demo\ngo:       false\nregion:   us\nfeatures: logs, traces\nkey:      7 characters\ndir:      ${cwd}/plan.txt\nEXIT=0`,
      );
    });

    const kinds: [string, string, RegExp][] = [
      ['text', '', /Project name\?/],
      ['confirm', '--name x', /Go ahead\?/],
      ['select', '--name x --go', /Which region\?/],
      ['multiselect', '--name x --go --region eu', /Which features\?/],
      ['password', '--name x --go --region eu --features logs', /API key\?/],
      ['path', '--name x --go --region eu --features logs --key k', /Where to\?/],
    ];
    it.each(kinds)(
      'A6 · Esc in a %s prompt exits 4 with the terminal restored: echo on, line mode, cursor shown (probe: prompts-escape)',
      async (_, flags, prompt) => {
        await terminal.type(`${six} ${flags}; echo EXIT=$?`);
        await terminal.waitFor(prompt);
        expect(await terminal.cursorVisible()).toBe(false);
        await terminal.keys('Escape');
        const screen = await terminal.waitFor(/EXIT=\d+/);
        expect(screen).toMatch(/EXIT=4/);
        expect(screen).toContain('cancelled at the prompt');
        expect(screen).not.toContain('name:');
        expect(await restored()).toEqual(['echo', 'icanon']);
        expect(await terminal.cursorVisible()).toBe(true);
      },
    );
  });

  describe('A6 · nobody to answer on a terminal: refused at once', () => {
    // A second over what the same process takes to print its version: the refusal waits on nothing.
    const timed = async (command: string): Promise<{ screen: string; seconds: number; base: number }> => {
      await terminal.type(`TIMEFORMAT=BASE=%R; time ${ship} --version`);
      await terminal.type(`TIMEFORMAT=TOOK=%R; time ${command}; echo EXIT=$?`);
      const screen = await terminal.waitFor(/EXIT=\d+/);
      return {
        screen,
        seconds: Number(/TOOK=([\d.]+)/.exec(screen)?.[1]),
        base: Number(/BASE=([\d.]+)/.exec(screen)?.[1]),
      };
    };

    it('A6 · CLAUDECODE=1 on a terminal: exit 2 naming the flag, with a fix, handler not run', async () => {
      const { screen, seconds, base } = await timed(`CLAUDECODE=1 ${ship} rollback`);
      expect(screen).toContain('error: --service is required when nobody is there to answer');
      expect(screen).toContain(
        'hint: an agent (claude-code) is running this, and agents are never asked: pass --service',
      );
      expect(screen).toContain('fix: ship rollback --service <value> --reason <value>');
      expect(screen).toMatch(/EXIT=2/);
      expect(seconds).toBeLessThan(base + 1);
      expect(ran()).toBe(false);
    });

    it('A6 · --json on a terminal: exit 2 with the envelope naming the flag, handler not run', async () => {
      const { screen, seconds, base } = await timed(`${ship} rollback --service api --json`);
      const line = screen.split('\n').find((l) => l.startsWith('{'))!;
      expect(JSON.parse(line)).toMatchObject({
        ok: false,
        error: {
          code: 2,
          message: '--reason is required when nobody is there to answer',
          hint: 'a --json run never asks: pass --reason',
          fix: 'ship rollback --service api --json --reason <value>',
        },
      });
      expect(screen).toMatch(/EXIT=2/);
      expect(seconds).toBeLessThan(base + 1);
      expect(ran()).toBe(false);
    });
  });

  describe('H5 · progress for a person watching', () => {
    it('H5 · the bar is drawn on stderr while the work runs, and gone when the result prints', async () => {
      const stderr = await terminal.stderrTty();
      await terminal.type(`${ship} db backup --tables 6 --pace 400 2>${stderr}; echo EXIT=$?`);
      const drawing = await terminal.waitFor(/█+░+ \d\/6 copying table/, 1);
      expect(drawing).toMatch(/░ [0-5]\/6 copying table [1-6] of 6/);
      expect(await terminal.screen(0)).not.toMatch(/copying|░/);
      const screen = await terminal.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/tables: 6\nfile: {3}backup\.sql\nEXIT=0/);
      expect((await terminal.screen(1)).trim()).toBe('');
      expect(await terminal.cursorVisible(1)).toBe(true);
    });

    it.each([
      ['--json', '', '--json'],
      ['CLAUDECODE=1', 'CLAUDECODE=1 ', ''],
    ])('H5 · on a terminal with %s nothing reaches stderr', async (_, prefix, suffix) => {
      const stderr = await terminal.stderrTty();
      await terminal.type(`${prefix}${ship} db backup --tables 3 --pace 200 ${suffix} 2>${stderr}; echo EXIT=$?`);
      const screen = await terminal.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/EXIT=0/);
      expect(screen).toMatch(/backup\.sql/);
      expect((await terminal.screen(1)).trim()).toBe('');
    });
  });
});
