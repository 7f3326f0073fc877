/**
 * `SKILL.md` files projected from the manifest alone (L1–L3): the same declaration gives the same
 * bytes. A program whose skill would be over the size limits gets a root skill naming its groups and
 * one skill per group, each split again the same way when it is itself too large.
 */
import type { Manifest, ManifestCommand, ManifestEffects } from '../../manifest/types.js';
import { briefLine, fullSection } from './command-section.js';
import { type AgentGroup, agentCommands, agentGroups, findAgentGroup, looseCommands, topItems } from './commands.js';
import { renderFrontMatter, skillDescription } from './front-matter.js';
import { callingSection, effectsSection, exitCodesSection } from './guide.js';
import { fitItems, sizeOf, within } from './limits.js';
import { code, heading, paragraph } from './markdown.js';
import { toSkillName } from './name.js';
import { oneLine, plainSummaryOf, summaryOf } from './usage.js';

/** One skill: its name (its folder's name too), the group it covers (`[]`: the program) and its text. */
export type Skill = { name: string; path: string[]; text: string; groups: string[][] };

/** The program's own skill: what `skills print` prints and the first file `skills add` writes. */
export function renderRootSkill(manifest: Manifest): string {
  return scopeSkill(manifest, manifest.root, agentCommands(manifest.root)).text;
}

/** The skill of the program (`path` empty) or of the group at `path`; undefined when no such group has commands for agents. */
export function renderSkill(manifest: Manifest, path: readonly string[] = []): Skill | undefined {
  if (path.length === 0) return scopeSkill(manifest, manifest.root, agentCommands(manifest.root));
  const found = findAgentGroup(manifest, path);
  return found === undefined ? undefined : scopeSkill(manifest, found.group, found.commands);
}

/** Every skill of the program: its own, then, where a skill was split, one per group it names. */
export function toSkillSet(manifest: Manifest): Skill[] {
  const skills: Skill[] = [];
  const visit = (skill: Skill): void => {
    skills.push(skill);
    for (const path of skill.groups) visit(renderSkill(manifest, path)!);
  };
  visit(renderSkill(manifest)!);
  return skills;
}

function scopeSkill(manifest: Manifest, scope: ManifestCommand, commands: ManifestCommand[]): Skill {
  const words = [manifest.name, ...scope.path];
  const about = aboutOf(manifest, scope);
  const groups = agentGroups(scope);
  const loose = looseCommands(scope);
  // The front matter is YAML, not Markdown: it takes the text as written.
  const uses = topItems(scope).map(plainSummaryOf);
  const head = headOf(words, about === undefined ? undefined : paragraph(about), commands);
  const whole = [head, '## Commands', ...commands.map((command) => fullSection(manifest, command))].join('\n\n');
  const split = !fits(whole) && groups.length > 0;
  const body = split
    ? splitBody(manifest, head, groups, loose, words)
    : fits(whole)
      ? whole
      : briefBody(manifest, head, commands, words);
  const name = toSkillName(words);
  const description = skillDescription(about, manifest.name, uses);
  return {
    name,
    path: [...scope.path],
    text: `${renderFrontMatter(name, description)}\n\n${body}\n`,
    groups: split ? groups.map(({ group }) => group.path) : [],
  };
}

const fits = (body: string): boolean => within(sizeOf(`\n${body}\n`));

/** What the program, or the group, says it does, on one line; a program that says nothing (or only spaces) gets no line. */
function aboutOf(manifest: Manifest, scope: ManifestCommand): string | undefined {
  const own = scope.path.length === 0 ? (scope.description ?? manifest.description) : scope.description;
  const text = oneLine(own ?? scope.summary ?? '');
  return text === '' ? undefined : text;
}

function headOf(words: readonly string[], about: string | undefined, commands: readonly ManifestCommand[]): string {
  const present = new Set<ManifestEffects>(commands.map((command) => command.effects ?? 'undeclared'));
  const parts = [
    `# ${heading(words.join(' '))}`,
    about,
    callingSection(words[0]!),
    exitCodesSection(),
    effectsSection(present),
  ];
  return parts.filter((part) => part !== undefined).join('\n\n');
}

/** Too large whole: the groups one line each, with the call that prints each one's skill; then the loose commands. */
function splitBody(
  manifest: Manifest,
  head: string,
  groups: readonly AgentGroup[],
  loose: ManifestCommand[],
  words: string[],
): string {
  const lines = groups.map(({ group, commands }) => {
    const where = [manifest.name, ...group.path].join(' ');
    const count = `${commands.length} command${commands.length === 1 ? '' : 's'}`;
    const skill = code(`${manifest.name} skills print ${group.path.join(' ')}`);
    return `- ${code(where)}: ${summaryOf(group) || 'commands'} (${count}; its skill: ${skill})`;
  });
  const grouped = [
    head,
    `## Groups\n\nEach group has a skill of its own, with every command in full.\n\n${lines.join('\n')}`,
  ];
  if (loose.length === 0) return grouped.join('\n\n');
  const full = [...grouped, '## Commands', ...loose.map((command) => fullSection(manifest, command))].join('\n\n');
  if (fits(full)) return full;
  return briefBody(manifest, grouped.join('\n\n'), loose, words);
}

/** One line per command, as many as fit; the rest counted, with the call that lists them. */
function briefBody(manifest: Manifest, head: string, commands: readonly ManifestCommand[], words: string[]): string {
  const intro = `${head}\n\n## Commands\n\nRun ${code(`${words.join(' ')} <command> --schema`)} for a command's options.\n`;
  const lines = commands.map((command) => briefLine(manifest, command));
  const more = (left: number) => `- … and ${left} more: ${code(`${words.join(' ')} --llms`)} lists every command`;
  return fitItems(intro, lines, more);
}
