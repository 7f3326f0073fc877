// Where skills add puts a skill's files (L4): the folders the docs name for each agent and scope,
// one folder per program, and a folder another skill already holds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestOf } from '../src/declaration/to-manifest.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { SKILL_AGENT_IDS, toSkillPages } from '../src/projections/skills/index.js';
import { runProgram } from '../src/testing/index.js';
import { repoRoot } from './support/cli.js';
import { home, project, put, scratchHomeAndProject } from './support/scratch.js';
import { add, files, pages, shared } from './support/skills-add.js';

scratchHomeAndProject('burgee-skills-');

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
