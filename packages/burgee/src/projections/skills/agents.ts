/**
 * Where coding agents read skills (L4), as data: the folder every one of them shares, and each
 * agent's own folder where it reads skills from somewhere else. Each row names the page of the
 * agent's own documentation it was taken from; docs/skills.md shows the same table.
 */
import { posix, win32 } from 'node:path';
import type { SkillPage } from './render-skill.js';

/** Where skills go: under the working folder, or under the home folder. */
export const SKILL_SCOPES = ['project', 'user'] as const;
export type SkillScope = (typeof SKILL_SCOPES)[number];

/** The folder the agents share (`<folder>/<name>/SKILL.md`), the same under the project and the home folder. */
export const SHARED_SKILLS = '.agents/skills';

/** One agent: where it reads skills under the project and under the home folder, and the page that says so. */
export type SkillAgent = { id: string; name: string; project: string; user: string; source: string };

export const SKILL_AGENTS = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    project: '.claude/skills',
    user: '.claude/skills',
    source: 'https://code.claude.com/docs/en/skills',
  },
  {
    id: 'codex',
    name: 'Codex',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://developers.openai.com/codex/skills',
  },
  {
    id: 'copilot',
    name: 'GitHub Copilot',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://code.visualstudio.com/docs/agents/reference/agent-skills-reference',
  },
  {
    id: 'cursor',
    name: 'Cursor',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://cursor.com/docs/skills',
  },
  {
    id: 'gemini',
    name: 'Gemini CLI',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://geminicli.com/docs/cli/skills/',
  },
  {
    id: 'goose',
    name: 'goose',
    project: SHARED_SKILLS,
    user: '.config/agents/skills',
    source: 'https://block.github.io/goose/docs/guides/context-engineering/using-skills',
  },
  {
    id: 'opencode',
    name: 'OpenCode',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://opencode.ai/docs/skills/',
  },
  {
    id: 'windsurf',
    name: 'Windsurf',
    project: SHARED_SKILLS,
    user: SHARED_SKILLS,
    source: 'https://docs.windsurf.com/windsurf/cascade/skills',
  },
] as const satisfies readonly SkillAgent[];

export type SkillAgentId = (typeof SKILL_AGENTS)[number]['id'];

/** Every agent id, in the table's order. */
export const SKILL_AGENT_IDS: readonly SkillAgentId[] = SKILL_AGENTS.map((agent) => agent.id);

/** True when `id` names an agent of the table. */
export const isSkillAgentId = (id: unknown): id is SkillAgentId =>
  typeof id === 'string' && (SKILL_AGENT_IDS as readonly string[]).includes(id);

/** Where the files go: the platform (for its path rules), the home folder and the working folder. */
export type SkillPlace = { platform: string; home: string; cwd: string };

/** One file `skills add` writes: the path, the skill it belongs to, its text, and the agents that read it there. */
export type SkillFile = { file: string; name: string; text: string; agents: string[] };

/**
 * The files `skills add` writes (L4): every page of the skill in the shared folder, and in the own
 * folder of each agent named that reads from elsewhere. Pure: the paths come from `place`.
 */
export function toSkillFiles(
  pages: readonly SkillPage[],
  agents: readonly SkillAgentId[],
  scope: SkillScope,
  place: SkillPlace,
): SkillFile[] {
  const readers = new Map<string, string[]>([[SHARED_SKILLS, []]]);
  for (const agent of SKILL_AGENTS) {
    const folder = agent[scope];
    if (folder === SHARED_SKILLS) readers.get(SHARED_SKILLS)!.push(agent.id);
    else if ((agents as readonly string[]).includes(agent.id))
      readers.set(folder, [...(readers.get(folder) ?? []), agent.id]);
  }
  const path = place.platform === 'win32' ? win32 : posix;
  const base = scope === 'project' ? place.cwd : place.home;
  return [...readers].flatMap(([folder, ids]) =>
    pages.map((page) => ({
      file: path.join(base, ...folder.split('/'), page.name, ...page.file.split('/')),
      name: page.name,
      text: page.text,
      agents: ids,
    })),
  );
}
