import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { manifestOf } from '../src/declaration/to-manifest.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { renderSkill, SKILL_AGENT_IDS, toSkillPages } from '../src/projections/skills/index.js';
import { runProgram } from '../src/testing/index.js';
import { example, repoRoot, runCli } from './support/cli.js';

// skills add against real files in a scratch home and project (L4), through the writer every file
// burgee writes on a user's machine goes through (K2, K4).
let home: string;
let project: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'burgee-skills-home-'));
  project = mkdtempSync(join(tmpdir(), 'burgee-skills-project-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

type Added = { file: string; target?: string; agents: string[]; changed: boolean; created: boolean; backup?: string };
type Failure = { code: number; message: string; hint?: string; fix?: string };
type Outcome = {
  exitCode: number;
  data: { files: Added[]; changed: boolean; skills: string[] };
  error: Failure;
  json: { meta?: { changed?: boolean } };
};

async function add(...argv: string[]): Promise<Outcome> {
  const result = await runProgram(ship, ['skills', 'add', ...argv, '--json'], { env: { HOME: home }, cwd: project });
  const json = result.json as { data?: Outcome['data']; error?: Failure; meta?: { changed?: boolean } };
  expect(result.stderr).toBe('');
  return { exitCode: result.exitCode, data: json.data!, error: json.error!, json };
}

/** Every file below the scratch folders, as `home/…` and `project/…`, with its bytes. */
function tree(): string[] {
  const walk = (root: string, dir: string, name: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(root, path, name);
      return [`${name}/${relative(root, path)} ${readFileSync(path, 'utf8')}`];
    });
  return [...walk(home, home, 'home'), ...walk(project, project, 'project')].sort();
}

const shared = () => join(project, '.agents/skills/ship/SKILL.md');
const claude = () => join(project, '.claude/skills/ship/SKILL.md');
const skill = () => renderSkill(manifestOf(ship))!.text;
// The ship example has two groups, so its skill is SKILL.md and a page for each.
const pages = toSkillPages(manifestOf(ship));
const files = (folder: string) => pages.map((page) => join(folder, 'ship', page.file));
const put = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

// The table in docs/skills.md, read as a user reads it: each agent's folder in each scope.
const docsPage = readFileSync(join(repoRoot, 'docs/skills.md'), 'utf8');
const docsTable = docsPage
  .slice(docsPage.indexOf('| agent '))
  .split('\n\n')[0]!
  .split('\n')
  .slice(2)
  .map((line) => {
    const [, , id, projectFolder, userFolder] = line.split('|').map((cell) => cell.trim().replace(/`/g, ''));
    return { id: id!, project: projectFolder!, user: userFolder!.replace(/^~\//, '') };
  });

describe('L4 · the files go where the docs say', () => {
  it('L4 · the docs table names every agent skills add knows, and only those', () => {
    expect(docsTable.map((row) => row.id).sort()).toEqual([...SKILL_AGENT_IDS].sort());
  });

  it.each(['project', 'user'] as const)(
    'L4 · --all --scope %s writes the shared folder and every agent’s own',
    async (scope) => {
      const outcome = await add('--all', '--scope', scope);
      expect(outcome.exitCode).toBe(0);
      const base = scope === 'project' ? project : home;
      const folders = new Set(['.agents/skills/', ...docsTable.map((row) => row[scope])]);
      const expected = [...folders].flatMap((folder) => files(join(base, folder))).sort();
      expect(outcome.data.files.map((file) => file.file).sort()).toEqual(expected);
      for (const folder of folders) {
        for (const page of pages) expect(readFileSync(join(base, folder, 'ship', page.file), 'utf8')).toBe(page.text);
      }
      expect(readdirSync(scope === 'project' ? home : project)).toEqual([]);
    },
  );

  it.each(docsTable)('L4 · --agent $id writes the shared folder, and its own where the table says', async (row) => {
    const outcome = await add('--agent', row.id);
    const expected = [...new Set(['.agents/skills/', row.project])].flatMap((folder) => files(join(project, folder)));
    expect(outcome.data.files.map((file) => file.file).sort()).toEqual(expected.sort());
    expect(outcome.data.files.find((file) => file.file === shared())!.agents).toContain(
      row.project === '.agents/skills/' ? row.id : 'codex',
    );
  });

  it('L4 · without --agent only the shared folder is written: SKILL.md, then a page per group', async () => {
    const outcome = await add();
    expect(outcome.data).toMatchObject({ scope: 'project', skills: ['ship'], changed: true });
    expect(outcome.data.files.map((file) => file.file)).toEqual([
      shared(),
      join(project, '.agents/skills/ship/references/config.md'),
      join(project, '.agents/skills/ship/references/db.md'),
    ]);
    expect(readdirSync(project)).toEqual(['.agents']);
    expect(readdirSync(join(project, '.agents/skills'))).toEqual(['ship']);
  });

  it('L3 · L4 · a program of many groups gets one folder: its SKILL.md and a page per group', async () => {
    const leaf = (name: string) =>
      defineCommand({
        name,
        description: 'Does one careful thing with many words to say about it, and then some more words.',
        effects: 'read_only',
        options: { target: { type: 'string', description: 'where it runs', default: 'local' } },
        run: () => null,
      });
    const group = (name: string) =>
      defineCommand({ name, commands: Array.from({ length: 60 }, (_, i) => leaf(`${name}-${i}`)) });
    const big = defineProgram({ name: 'big', commands: [group('db'), group('net')] });
    const result = await runProgram(big, ['skills', 'add', '--json'], { env: { HOME: home }, cwd: project });
    expect(result.exitCode).toBe(0);
    const written = toSkillPages(manifestOf(big));
    expect(written.map((page) => page.file)).toEqual(['SKILL.md', 'references/db.md', 'references/net.md']);
    for (const page of written) {
      expect(readFileSync(join(project, '.agents/skills/big', page.file), 'utf8')).toBe(page.text);
    }
    expect(readdirSync(join(project, '.agents/skills'))).toEqual(['big']);
  });
});

describe('L4 · K4 · programs sharing one project', () => {
  const named = (name: string) =>
    defineProgram({
      name,
      commands: [defineCommand({ name: 'go', description: `Go, for ${name}`, effects: 'read_only', run: () => null })],
    });
  const addFor = (program: ReturnType<typeof named>) =>
    runProgram(program, ['skills', 'add', '--json'], { env: { HOME: home }, cwd: project });

  it.each([
    ['a/b', 'a-b'],
    ['日本', '...'],
    ['...', '-'],
  ])(
    'L4 · K4 · %s and %s each add their skill to one project: both are there afterwards (probe: skill-name-collision)',
    async (first, second) => {
      const programs = [named(first), named(second)];
      for (const program of programs) {
        const result = await addFor(program);
        expect([result.exitCode, result.stderr]).toEqual([0, '']);
      }
      const skills = programs.map((program) => toSkillPages(manifestOf(program))[0]!);
      for (const skill of skills) {
        expect(readFileSync(join(project, '.agents/skills', skill.name, 'SKILL.md'), 'utf8')).toBe(skill.text);
      }
      expect(skills[0]!.name).not.toBe(skills[1]!.name);
      expect(readdirSync(join(project, '.agents/skills')).sort()).toEqual(skills.map((skill) => skill.name).sort());
    },
  );

  it("L4 · K4 · a program named like another's group (big-db, beside big's db) gets its own folder: both stay (probe: skill-name-collision)", async () => {
    const leaf = (name: string) =>
      defineCommand({ name, description: 'Does one thing', effects: 'read_only', run: () => null });
    const group = (name: string) => defineCommand({ name, commands: [leaf(`${name}-0`), leaf(`${name}-1`)] });
    const big = defineProgram({ name: 'big', commands: [group('db'), group('net')] });
    expect((await addFor(big)).exitCode).toBe(0);
    const page = join(project, '.agents/skills/big/references/db.md');
    const before = readFileSync(page, 'utf8');
    const result = await addFor(named('big-db'));
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
    expect(readFileSync(page, 'utf8')).toBe(before);
    expect(readdirSync(join(project, '.agents/skills')).sort()).toEqual(['big', 'big-db']);
  });

  it("K4 · a page in the skill's folder whose title names something else is refused, exit 3, and kept as it was", async () => {
    const page = join(project, '.agents/skills/ship/references/db.md');
    put(page, '# my own notes on the database\n');
    const outcome = await add();
    expect(outcome.exitCode).toBe(3);
    expect(outcome.error.message).toBe(
      `${page} is another skill (its title is "my own notes on the database", not "ship db"); nothing was written`,
    );
    expect(readFileSync(page, 'utf8')).toBe('# my own notes on the database\n');
    expect(existsSync(shared())).toBe(false);
  });

  it('K4 · a SKILL.md in the folder whose front matter names another skill is refused, exit 3, kept as it was (probe: skill-name-collision)', async () => {
    const theirs = '---\nname: "other"\ndescription: Their own skill.\n---\n\n# ship\n';
    put(shared(), theirs);
    const outcome = await add();
    expect(outcome.exitCode).toBe(3);
    expect(outcome.error.message).toBe(
      `${shared()} is another skill (its front matter names the skill "other", not "ship"); nothing was written`,
    );
    expect(readFileSync(shared(), 'utf8')).toBe(theirs);
    expect(existsSync(`${shared()}.bak`)).toBe(false);
  });
});

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
