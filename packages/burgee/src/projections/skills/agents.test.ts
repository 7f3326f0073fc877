import { describe, expect, it } from 'vitest';
import { toSkillFiles } from './agents.js';
import type { SkillPage } from './render-skill.js';

const skills: SkillPage[] = [
  { name: 'ship', file: 'SKILL.md', path: [], text: 'root\n', pages: [['db']], full: [] },
  { name: 'ship', file: 'references/db.md', path: ['db'], text: 'db\n', pages: [], full: [['db', 'backup']] },
];

describe('L4 · where skills add writes', () => {
  it('L4 · every file of the skill in the shared folder, and in the own folder of each agent named that reads elsewhere', () => {
    const place = { platform: 'linux', home: '/home/me', cwd: '/work/app' };
    const files = toSkillFiles(skills, ['claude-code', 'cursor'], 'project', place);
    expect(files.map((file) => [file.file, file.agents.includes('claude-code')])).toEqual([
      ['/work/app/.agents/skills/ship/SKILL.md', false],
      ['/work/app/.agents/skills/ship/references/db.md', false],
      ['/work/app/.claude/skills/ship/SKILL.md', true],
      ['/work/app/.claude/skills/ship/references/db.md', true],
    ]);
    expect(files[0]!.agents).toContain('cursor');
  });

  it('L4 · under the home folder for the user scope, where goose reads from its own', () => {
    const place = { platform: 'linux', home: '/home/me', cwd: '/work/app' };
    const files = toSkillFiles(skills.slice(0, 1), ['goose'], 'user', place);
    expect(files.map((file) => file.file)).toEqual([
      '/home/me/.agents/skills/ship/SKILL.md',
      '/home/me/.config/agents/skills/ship/SKILL.md',
    ]);
  });

  it('L4 · Windows paths on Windows', () => {
    const place = { platform: 'win32', home: 'C:\\Users\\me', cwd: 'C:\\work\\app' };
    const files = toSkillFiles(skills, ['claude-code'], 'user', place);
    expect(files.map((file) => file.file)).toEqual([
      'C:\\Users\\me\\.agents\\skills\\ship\\SKILL.md',
      'C:\\Users\\me\\.agents\\skills\\ship\\references\\db.md',
      'C:\\Users\\me\\.claude\\skills\\ship\\SKILL.md',
      'C:\\Users\\me\\.claude\\skills\\ship\\references\\db.md',
    ]);
  });
});
