// skills add over files already there (K2, K4): a second run, a skill edited by hand, line endings,
// a link, and two runs at once.
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCli } from './support/cli.js';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';
import { add, claude, pages, shared, skill, tree } from './support/skills-add.js';

scratchHomeAndProject('burgee-skills-');

describe('L4 · K2 · adding again', () => {
  it('L4 · E4 · the second run changes nothing: changed false, the same bytes, no backup', async () => {
    expect((await add('--agent', 'claude-code')).data.changed).toBe(true);
    const before = tree();
    const again = await add('--agent', 'claude-code');
    expect(again.exitCode).toBe(0);
    expect(again.json.meta?.changed).toBe(false);
    expect(again.data.files.map((file) => [file.changed, file.created])).toEqual(
      Array.from({ length: 2 * pages.length }, () => [false, false]),
    );
    expect(tree()).toEqual(before);
  });

  it('K2 · a skill the user edited is replaced only after its text is kept in SKILL.md.bak', async () => {
    await add();
    const edited = `${skill()}\nMy own note for the agent.\n`;
    writeFileSync(shared(), edited);
    const outcome = await add();
    expect(outcome.data.files[0]).toMatchObject({ changed: true, created: false, backup: `${shared()}.bak` });
    expect(readFileSync(`${shared()}.bak`, 'utf8')).toBe(edited);
    expect(readFileSync(shared(), 'utf8')).toBe(skill());
  });

  it('K2 · --dry-run writes nothing and says what would change', async () => {
    const dry = await add('--agent', 'claude-code', '--dry-run');
    expect(dry.data).toMatchObject({ changed: true, dryRun: true });
    expect(dry.data.files.map((file) => [file.changed, file.created])).toEqual(
      Array.from({ length: 2 * pages.length }, () => [true, true]),
    );
    expect(readdirSync(project)).toEqual([]);
    await add();
    writeFileSync(shared(), `${skill()}mine\n`);
    const before = tree();
    const update = await add('--dry-run');
    expect(update.data.files[0]).toMatchObject({
      changed: true,
      created: false,
      diff: expect.stringContaining('-mine'),
    });
    expect(tree()).toEqual(before);
  });

  it('K4 · line endings are kept: the same skill with CRLF is unchanged; an edited one is written back with CRLF', async () => {
    const crlf = skill().replace(/\n/g, '\r\n');
    for (const page of pages) put(join(project, '.agents/skills/ship', page.file), page.text.replace(/\n/g, '\r\n'));
    expect((await add()).data.changed).toBe(false);
    put(shared(), crlf.replace('# ship\r\n', '# ship (mine)\r\n'));
    expect((await add()).data.changed).toBe(true);
    expect(readFileSync(shared(), 'utf8')).toBe(crlf);
  });
});

describe('K4 · links and other writers', () => {
  it('K4 · a SKILL.md that is a symbolic link is written where it points inside the project, and stays a link', async () => {
    const kept = join(project, 'skills-repo', 'ship.md');
    put(kept, 'old\n');
    mkdirSync(dirname(shared()), { recursive: true });
    symlinkSync(kept, shared());
    const outcome = await add();
    expect(outcome.data.files[0]).toMatchObject({ file: shared(), target: kept, changed: true });
    expect(lstatSync(shared()).isSymbolicLink()).toBe(true);
    expect(readFileSync(kept, 'utf8')).toBe(skill());
  });

  it('K4 · two skills add at once lose nothing and leave no lock or temporary file behind', async () => {
    put(shared(), 'edited by hand\n');
    const run = () =>
      runCli(example('ship'), ['skills', 'add', '--agent', 'claude-code', '--json'], {
        cwd: project,
        env: { HOME: home },
      });
    const [a, b] = await Promise.all([run(), run()]);
    // A refusal's envelope says why: shown when one is there.
    const said = (r: typeof a) => (r.code === 0 ? '' : r.stdout);
    expect([a.code, b.code, a.stderr, b.stderr, said(a), said(b)]).toEqual([0, 0, '', '', '', '']);
    expect(readFileSync(shared(), 'utf8')).toBe(skill());
    expect(readFileSync(claude(), 'utf8')).toBe(skill());
    expect(readFileSync(`${shared()}.bak`, 'utf8')).toBe('edited by hand\n');
    expect(readdirSync(dirname(shared())).sort()).toEqual([
      'SKILL.md',
      'SKILL.md.bak',
      'SKILL.md.bak.burgee',
      'references',
    ]);
    expect(readdirSync(dirname(claude())).sort()).toEqual(['SKILL.md', 'references']);
    expect(readdirSync(join(dirname(claude()), 'references')).sort()).toEqual(['config.md', 'db.md']);
  });
});
