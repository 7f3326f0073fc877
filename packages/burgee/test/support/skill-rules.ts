// The Agent Skills rules, restated here from the format's specification rather than read from the
// projection: the keys a front matter may hold, the name and description rules, the size of a body.
import { parse } from 'yaml';
import type { SkillPage } from '../../src/projections/skills/index.js';

const KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
/** What a skill's name may be: lower-case words of letters and digits joined by single hyphens. */
export const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Every rule a `SKILL.md` in the folder `folder` breaks; empty when it keeps them all. */
export function problems(text: string, folder: string): string[] {
  const found: string[] = [];
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (match === null) return ['no front matter between --- lines at the top'];
  const front: unknown = parse(match[1]!);
  if (typeof front !== 'object' || front === null || Array.isArray(front)) return ['front matter is not a mapping'];
  const fields = front as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!KEYS.includes(key)) found.push(`key ${key} is not allowed`);
  const { name, description } = fields;
  if (typeof name !== 'string' || !NAME.test(name) || name.length > 64) found.push(`bad name ${String(name)}`);
  if (name !== folder) found.push(`name ${String(name)} is not its folder's, ${folder}`);
  if (typeof description !== 'string' || description.length < 1 || description.length > 1024) {
    found.push(`description of ${String(description).length} characters`);
  }
  const body = match[2]!;
  const lines = body.endsWith('\n') ? body.slice(0, -1).split('\n').length : body.split('\n').length;
  if (lines > 500) found.push(`body of ${lines} lines`);
  if (body.length > 20_000) found.push(`body of ${body.length} characters`);
  return found;
}

/** What a page of the skill breaks: `SKILL.md` the format's rules; any other page the size a body keeps to, and no front matter of its own. */
export function pageProblems(page: SkillPage): string[] {
  if (page.file === 'SKILL.md') return problems(page.text, page.name);
  const found = page.text.startsWith('---') ? ['a page with front matter'] : [];
  const lines = page.text.replace(/\n$/, '').split('\n').length;
  if (lines > 500) found.push(`page of ${lines} lines`);
  if (page.text.length > 20_000) found.push(`page of ${page.text.length} characters`);
  return found;
}
