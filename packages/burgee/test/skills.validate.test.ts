// Every skill folder `skills add` writes, checked by the Agent Skills reference validator
// (skills-ref): the examples, a 20-command program in four groups and a generated 1,000-command
// program, each built program run as a user runs it, in a child process, in a scratch project.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validate } from 'skills-ref';
import { afterAll, describe, expect, it } from 'vitest';
import { writeProgram } from '../../../bench/scale-program.mjs';
import { example, repoRoot, runCli } from './support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'burgee-skills-validate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const burgee = pathToFileURL(`${repoRoot}packages/burgee/dist/index.js`).href;
// Each program, and the pages its skill has beside SKILL.md: one per group once there is more than one.
const programs: [string, () => string, number][] = [
  ['examples/deploy', () => example('deploy'), 0],
  ['examples/ship', () => example('ship'), 2],
  ['examples/migrate', () => example('migrate'), 0],
  ['a 20-command program in four groups', () => `${repoRoot}packages/burgee/test/fixtures/cloud.mjs`, 4],
  ['a generated 1,000-command program', () => writeProgram(join(scratch, 'big'), 1000, { burgee }), 40],
];

/** Runs `skills add --all` in a fresh project; returns every skill folder it wrote, in each agent's place. */
async function added(script: string): Promise<string[]> {
  const project = mkdtempSync(join(scratch, 'project-'));
  const result = await runCli(script, ['skills', 'add', '--all', '--json'], { cwd: project, env: { HOME: project } });
  expect([result.code, result.stderr]).toEqual([0, '']);
  return ['.agents/skills', '.claude/skills'].flatMap((base) =>
    readdirSync(join(project, base)).map((name) => join(project, base, name)),
  );
}

describe.each(programs)('L1 · L4 · the skills of %s', (_, script, pages) => {
  it('L1 · L3 · L4 · every folder skills add writes passes the Agent Skills reference validator, and holds each page its SKILL.md names', async () => {
    const folders = await added(script());
    expect(folders.length).toBe(2);
    for (const folder of folders) {
      expect([folder, await validate(folder)]).toEqual([folder, []]);
      const named = [...readFileSync(join(folder, 'SKILL.md'), 'utf8').matchAll(/`(references\/[^`]+\.md)`/g)];
      expect(named.length).toBe(pages);
      for (const [, file] of named) expect([file, existsSync(join(folder, file!))]).toEqual([file, true]);
    }
  });
});

describe('L1 · the validator run can fail', () => {
  // Each folder breaks one rule of the format; the validator must name a problem in every one.
  it.each([
    ['a name that is not its folder’s', 'tool', '---\nname: other\ndescription: Does things.\n---\n'],
    ['an upper-case name', 'Tool', '---\nname: Tool\ndescription: Does things.\n---\n'],
    ['no description', 'tool', '---\nname: tool\n---\n'],
    ['a key the format does not have', 'tool', '---\nname: tool\ndescription: Does things.\nversion: 1\n---\n'],
    ['no front matter', 'tool', '# tool\n'],
    ['a description over 1,024 characters', 'tool', `---\nname: tool\ndescription: ${'x'.repeat(1025)}\n---\n`],
  ])('L1 · %s is an error', async (_, folder, text) => {
    const dir = join(mkdtempSync(join(scratch, 'bad-')), folder);
    mkdirSync(dir);
    writeFileSync(join(dir, 'SKILL.md'), text);
    expect((await validate(dir)).length).toBeGreaterThan(0);
  });
});
