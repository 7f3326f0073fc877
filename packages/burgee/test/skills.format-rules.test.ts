// A skill keeps the Agent Skills rules (L1, L3) on every page, for every kind of program, and
// teaches nothing an agent must not be taught (L2).
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { manifestOf } from '../src/declaration/to-manifest.js';
import { defineCommand, defineProgram } from '../src/index.js';
import type { Manifest, ManifestCommand } from '../src/manifest/types.js';
import { toSkillPages } from '../src/projections/skills/index.js';
import { guarded, programs } from './fixtures/skill-programs.js';
import { example, runCli } from './support/cli.js';
import { NAME, pageProblems, problems } from './support/skill-rules.js';

/** Commands an agent must never be taught: hidden ones (and all below them) and withheld ones. */
function keptFromAgents(manifest: Manifest): string[] {
  const kept: string[] = [];
  const visit = (command: ManifestCommand, concealed: boolean): void => {
    const hidden = concealed || command.hidden;
    if (command.path.length > 0 && (hidden || command.effects === 'withheld')) {
      kept.push([manifest.name, ...command.path].join(' '));
    }
    for (const child of command.commands) visit(child, hidden);
  };
  visit(manifest.root, false);
  return kept;
}

describe('L1 · the rules restated here can fail', () => {
  it.each([
    ['---\nname: Ship\ndescription: x\n---\nbody\n', 'Ship', 'bad name Ship'],
    ['---\nname: ship--it\ndescription: x\n---\n', 'ship--it', 'bad name ship--it'],
    ['---\nname: ship\ndescription: x\n---\n', 'other', "name ship is not its folder's, other"],
    ['---\nname: ship\ndescription: ""\n---\n', 'ship', 'description of 0 characters'],
    [`---\nname: ship\ndescription: ${'x'.repeat(1025)}\n---\n`, 'ship', 'description of 1025 characters'],
    ['---\nname: ship\ndescription: x\nversion: 1\n---\n', 'ship', 'key version is not allowed'],
    [`---\nname: ship\ndescription: x\n---\n${'line\n'.repeat(501)}`, 'ship', 'body of 501 lines'],
    [`---\nname: ship\ndescription: x\n---\n${'x'.repeat(20_001)}`, 'ship', 'body of 20001 characters'],
    ['name: ship\n', 'ship', 'no front matter between --- lines at the top'],
  ])('L1 · %j is refused', (text, folder, problem) => {
    expect(problems(text, folder)).toContain(problem);
  });
});

describe('L1 · L4 · one folder per program', () => {
  const named = (name: string) =>
    defineProgram({
      name,
      commands: [defineCommand({ name: 'go', description: 'Go', effects: 'read_only', run: () => null })],
    });

  it("L1 · L4 · distinct program names get distinct skill names, each valid and its folder's, a valid name kept as it is (probe: skill-name-collision)", () => {
    const names = ['日本', '...', '-', 'a/b', 'a-b', 'ship', 'my-tool'];
    const skills = names.map((name) => toSkillPages(manifestOf(named(name)))[0]!);
    const skillNames = skills.map((skill) => skill.name);
    expect(new Set(skillNames).size).toBe(names.length);
    for (const skill of skills) {
      expect(skill.name.length).toBeLessThanOrEqual(64);
      expect(skill.name).toMatch(NAME);
      expect([skill.name, problems(skill.text, skill.name)]).toEqual([skill.name, []]);
    }
    expect(skillNames.slice(4)).toEqual(['a-b', 'ship', 'my-tool']);
    // A name that had to change keeps what it can read, then a hash of the name itself.
    expect(skillNames.slice(0, 4)).toEqual([
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^cli-[0-9a-f]{8}$/),
      expect.stringMatching(/^a-b-[0-9a-f]{8}$/),
    ]);
    expect(toSkillPages(manifestOf(named('My_Tool')))[0]!.name).toMatch(/^my-tool-[0-9a-f]{8}$/);
  });
});

describe.each(programs)('L1 · L2 · L3 · every page of the skill of %s', (_, make) => {
  it('L1 · L3 · keeps the Agent Skills rules: front matter keys, name, description, body size; pages within the size', async () => {
    const pages = toSkillPages(manifestOf(await make()));
    expect(pages[0]!.file).toBe('SKILL.md');
    for (const page of pages) expect([page.file, pageProblems(page)]).toEqual([page.file, []]);
    expect(new Set(pages.map((page) => page.name)).size).toBe(1);
  });

  it('L1 · the description says what the program does and when to use it', async () => {
    const [root] = toSkillPages(manifestOf(await make()));
    const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(root!.text)![1]!) as { description: string };
    expect(front.description).toMatch(/\. Use when (asked to|a task involves) /);
  });

  it('L1 · L3 · every page is named by the page that sends to it, and every file named is a page', async () => {
    const pages = toSkillPages(manifestOf(await make()));
    const named = pages.flatMap((page) => [...page.text.matchAll(/`(references\/[^`]+\.md)`/g)].map((m) => m[1]));
    expect(named.sort()).toEqual(
      pages
        .slice(1)
        .map((page) => page.file)
        .sort(),
    );
  });

  it('L2 · names no hidden or withheld command, and writes no secret default', async () => {
    const manifest = manifestOf(await make());
    const texts = toSkillPages(manifest).map((page) => page.text);
    for (const path of keptFromAgents(manifest)) {
      const named = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
      expect(texts.filter((text) => named.test(text)).map(() => path)).toEqual([]);
    }
    for (const text of texts) expect(text).not.toContain('hunter2-default-value');
  });

  it('L2 · the same declaration gives the same bytes on a second run', async () => {
    const first = toSkillPages(manifestOf(await make()));
    const second = toSkillPages(manifestOf(await make()));
    expect(second).toEqual(first);
  });
});

describe('L2 · what a skill says of what it keeps back', () => {
  it('L2 · a secret option is named, its default never; a secret read from a variable points there', () => {
    const [skill] = toSkillPages(manifestOf(guarded));
    expect(skill!.name).toMatch(/^vault-tool-[0-9a-f]{8}$/);
    expect(skill!.text).toContain('- --token (secret): the vault token\n');
    expect(skill!.text).toContain('- --key (secret: prefer env VAULT_KEY): the key\n');
    expect(skill!.text).toContain('- --mode (ro | rw; default ro): how to open it\n');
    // The kinds of effect explained are those of the commands taught: not withheld.
    expect(skill!.text).not.toContain('`withheld`');
  });

  it('L2 · the examples are checked too: the ship example teaches none of db drop, debug or --pace', () => {
    const text = toSkillPages(manifestOf(ship))
      .map((page) => page.text)
      .join('\n');
    for (const word of ['ship db drop', 'ship debug', '--pace']) expect(text).not.toContain(word);
    expect(text).toContain('ship db backup');
  });

  it('L2 · skills print gives the same bytes in two processes, and the bytes the projection renders', async () => {
    const first = await runCli(example('ship'), ['skills', 'print']);
    const second = await runCli(example('ship'), ['skills', 'print']);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).toBe(toSkillPages(manifestOf(ship))[0]!.text);
  });
});
