// skills add against real files in a scratch home and project (L4), through the writer every file
// burgee writes on a user's machine goes through (K2, K4).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import { program as ship } from '../../../../examples/ship/cli.mjs';
import { manifestOf } from '../../src/declaration/to-manifest.js';
import { renderSkill, toSkillPages } from '../../src/projections/skills/index.js';
import { runProgram } from '../../src/testing/index.js';
import { home, project } from './scratch.js';

type Added = { file: string; target?: string; agents: string[]; changed: boolean; created: boolean; backup?: string };
type Failure = { code: number; message: string; hint?: string; fix?: string };
type Outcome = {
  exitCode: number;
  data: { files: Added[]; changed: boolean; skills: string[] };
  error: Failure;
  json: { meta?: { changed?: boolean } };
};

/** Runs `ship skills add <argv> --json` in the test's project, with its HOME; nothing may go to stderr. */
export async function add(...argv: string[]): Promise<Outcome> {
  const result = await runProgram(ship, ['skills', 'add', ...argv, '--json'], { env: { HOME: home }, cwd: project });
  const json = result.json as { data?: Outcome['data']; error?: Failure; meta?: { changed?: boolean } };
  expect(result.stderr).toBe('');
  return { exitCode: result.exitCode, data: json.data!, error: json.error!, json };
}

/** Every file below the scratch folders, as `home/…` and `project/…`, with its bytes. */
export function tree(): string[] {
  const walk = (root: string, dir: string, name: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(root, path, name);
      return [`${name}/${relative(root, path)} ${readFileSync(path, 'utf8')}`];
    });
  return [...walk(home, home, 'home'), ...walk(project, project, 'project')].sort();
}

/** The ship skill's SKILL.md in the shared folder of the test's project. */
export const shared = () => join(project, '.agents/skills/ship/SKILL.md');
/** The ship skill's SKILL.md in Claude Code's folder of the test's project. */
export const claude = () => join(project, '.claude/skills/ship/SKILL.md');
/** The text of the ship skill's SKILL.md. */
export const skill = () => renderSkill(manifestOf(ship))!.text;
/** The ship example has two groups, so its skill is SKILL.md and a page for each. */
export const pages = toSkillPages(manifestOf(ship));
/** Each page's file under the skills folder `folder`. */
export const files = (folder: string) => pages.map((page) => join(folder, 'ship', page.file));
