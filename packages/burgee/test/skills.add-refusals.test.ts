// What skills add refuses (K4, L4): a file it may not write, a write that fails half-way, and words
// it cannot read; in each case nothing is left written.
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';
import { add, claude, shared } from './support/skills-add.js';

scratchHomeAndProject('burgee-skills-');

describe('K4 · what skills add refuses, writing nothing at all', () => {
  /** Exit 3 naming the file and `what`; the files given kept byte for byte, and the shared skill not created. */
  async function refused(what: string, untouched: string[] = []) {
    const before = untouched.map((file) => (existsSync(file) ? readFileSync(file) : undefined));
    const outcome = await add('--agent', 'claude-code');
    expect(outcome.exitCode).toBe(3);
    expect(outcome.error).toMatchObject({ code: 3 });
    expect(outcome.error.message).toContain(what);
    expect(outcome.error.message).toContain('nothing was written');
    expect(untouched.map((file) => (existsSync(file) ? readFileSync(file) : undefined))).toEqual(before);
    // Checked before anything is written: the file that could have been written was not.
    expect(existsSync(shared())).toBe(false);
  }

  it('K4 · a read-only SKILL.md', async () => {
    put(claude(), 'mine\n');
    chmodSync(claude(), 0o444);
    await refused('read-only', [claude()]);
  });

  it('K4 · a SKILL.md with another name (a hard link)', async () => {
    const other = join(home, 'elsewhere.md');
    put(other, 'mine\n');
    mkdirSync(dirname(claude()), { recursive: true });
    linkSync(other, claude());
    await refused('hard links', [other]);
  });

  it('K4 · a SKILL.md that is a link to nothing', async () => {
    mkdirSync(dirname(claude()), { recursive: true });
    symlinkSync(join(project, 'missing.md'), claude());
    await refused('does not exist');
    expect(existsSync(join(project, 'missing.md'))).toBe(false);
  });

  it('K4 · a SKILL.md linked out of the project, as a cloned repository could plant it (probe: skills-link-out)', async () => {
    const victim = join(home, '.bashrc_test');
    put(victim, 'echo mine\n');
    mkdirSync(dirname(claude()), { recursive: true });
    symlinkSync(relative(dirname(claude()), victim), claude());
    await refused('outside', [victim]);
    expect(readFileSync(victim, 'utf8')).toBe('echo mine\n');
  });

  it('K4 · a folder above SKILL.md linked out of the project: nothing is written there either', async () => {
    const elsewhere = join(home, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(join(project, '.claude'), { recursive: true });
    symlinkSync(elsewhere, join(project, '.claude', 'skills'));
    await refused('outside');
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('K4 · a SKILL.md that is a folder', async () => {
    mkdirSync(claude(), { recursive: true });
    await refused('is not a regular file');
  });

  it('K4 · a SKILL.md.bak that is a symbolic link: the file it points to is untouched', async () => {
    put(claude(), 'mine\n');
    const victim = join(home, '.bashrc');
    put(victim, 'echo mine\n');
    symlinkSync(victim, `${claude()}.bak`);
    await refused('symbolic link', [victim, claude()]);
    expect(readlinkSync(`${claude()}.bak`)).toBe(victim);
  });

  it('K4 · a SKILL.md.bak burgee did not make', async () => {
    put(claude(), 'mine\n');
    put(`${claude()}.bak`, 'a backup of my own\n');
    await refused('is not a backup burgee made', [claude(), `${claude()}.bak`]);
  });
});

describe('K4 · a write of several files is all or nothing', () => {
  it('K4 · L4 · the second file fails at its write: the first is put back as it was (probe: skills-all-or-nothing)', async () => {
    // A lock file burgee did not make beside the second target: only the write finds it, not the check.
    mkdirSync(dirname(claude()), { recursive: true });
    writeFileSync(`${claude()}.lock`, 'my lock notes\n');
    const old = new Date(Date.now() - 5_000);
    utimesSync(`${claude()}.lock`, old, old);
    const created = await add('--agent', 'claude-code');
    expect(created.exitCode).toBe(3);
    expect(existsSync(shared())).toBe(false);
    // And a file that was there keeps its bytes.
    put(shared(), 'my own notes\n');
    const edited = await add('--agent', 'claude-code');
    expect(edited.exitCode).toBe(3);
    expect(readFileSync(shared(), 'utf8')).toBe('my own notes\n');
    expect(existsSync(claude())).toBe(false);
  });
});

describe('L4 · what skills add refuses to read', () => {
  it.each([
    [
      ['--agent', 'claud-code'],
      'ship skills add does not know the agent "claud-code"',
      'ship skills add --agent claude-code --json',
    ],
    [
      ['--all', '--agent', 'codex'],
      '--agent names some agents and --all every one: give one of them',
      'ship skills add --agent codex --json',
    ],
    [['--scope', 'global'], 'ship skills add does not know the scope "global"', undefined],
    [['api'], 'ship skills add takes no words, got "api"', undefined],
    [['--agent'], '--agent needs a value', undefined],
  ])('L4 · %j is a usage error', async (argv, message, fix) => {
    const outcome = await add(...argv);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.error.message).toBe(message);
    expect(outcome.error.fix).toBe(fix);
    expect(readdirSync(project)).toEqual([]);
  });
});
