/**
 * The program's skill, projected from the manifest alone (L1–L3): the same declaration gives the same
 * bytes. One folder: its `SKILL.md`, and beside it a page per group under `references/`, which an
 * agent reads only when a task needs that group (the Agent Skills format's progressive disclosure:
 * only the front matter is held from a session's start, one skill's pages cost nothing until read).
 *
 * `SKILL.md` teaches the contract once and holds the commands in full when the program has at most
 * one group of commands for agents and they fit; with more groups it is an index of their pages and
 * the commands outside them. A page too large for the size limits is split again the same way by its
 * own groups; past that, commands are listed one line each.
 */
import type { Manifest, ManifestCommand, ManifestEffects } from '../../manifest/types.js';
import { briefLine, fullSections } from './command-section.js';
import { type AgentGroup, agentCommands, agentGroups, findAgentGroup, looseCommands, topItems } from './commands.js';
import { renderFrontMatter, skillDescription } from './front-matter.js';
import { callingSection } from './guide.js';
import { fitItems, sizeOf, within } from './limits.js';
import { code, heading, prose } from './markdown.js';
import { toSkillName } from './name.js';
import { oneLine, plainSummaryOf, summaryOf } from './usage.js';

/** One file of the program's skill. */
export type SkillPage = {
  /** The skill's name: the folder all its pages go in. */
  name: string;
  /** Where the page goes inside that folder: `SKILL.md`, `references/db.md`. */
  file: string;
  /** The group it teaches; `[]` for the program. */
  path: string[];
  text: string;
  /** The groups it sends to a page of their own. */
  pages: string[][];
  /** The commands it teaches in full, by path. */
  full: string[][];
};

/** The program's `SKILL.md`: what `skills print` prints and the first file `skills add` writes. */
export function renderRootSkill(manifest: Manifest): string {
  return rootPage(manifest).text;
}

/** The page of the program (`path` empty) or of the group at `path`; undefined when no such group has commands for agents. */
export function renderSkill(manifest: Manifest, path: readonly string[] = []): SkillPage | undefined {
  if (path.length === 0) return rootPage(manifest);
  const found = findAgentGroup(manifest, path);
  return found === undefined ? undefined : groupPage(manifest, found);
}

/** Every page of the program's skill: `SKILL.md`, then each page it sends to, depth first. */
export function toSkillPages(manifest: Manifest): SkillPage[] {
  const pages: SkillPage[] = [];
  const visit = (page: SkillPage): void => {
    pages.push(page);
    for (const path of page.pages) visit(renderSkill(manifest, path)!);
  };
  visit(rootPage(manifest));
  return pages;
}

/** `references/db.md`, `references/cloud/vm.md`: a folder per level, so no two groups share a file. */
export const referenceFile = (path: readonly string[]): string =>
  `references/${path.map((word) => toSkillName([word])).join('/')}.md`;

function rootPage(manifest: Manifest): SkillPage {
  const scope = manifest.root;
  const name = toSkillName([manifest.name]);
  const effects = new Set<ManifestEffects>(agentCommands(scope).map((command) => command.effects ?? 'undeclared'));
  const tasks = agentCommands(scope).some((command) => command.task !== undefined);
  const head = `# ${heading(manifest.name)}\n\n${callingSection(manifest.name, effects, tasks)}`;
  const body = layout(manifest, head, scope, agentGroups(scope).length > 1);
  // The front matter is YAML, not Markdown: it takes the text as written.
  const items = topItems(scope);
  const names = items.filter((item) => item !== scope).map((item) => item.name);
  const description = skillDescription(aboutOf(manifest), manifest.name, items.map(plainSummaryOf), names);
  return {
    ...body,
    name,
    file: 'SKILL.md',
    path: [],
    text: `${renderFrontMatter(name, description)}\n\n${body.text}\n`,
  };
}

function groupPage(manifest: Manifest, { group }: AgentGroup): SkillPage {
  const head = `# ${heading([manifest.name, ...group.path].join(' '))}`;
  const body = layout(manifest, head, group, false);
  const name = toSkillName([manifest.name]);
  return { ...body, name, file: referenceFile(group.path), path: [...group.path], text: `${body.text}\n` };
}

/** What the program says it does, on one line; a program that says nothing (or only spaces) gets nothing. */
function aboutOf(manifest: Manifest): string | undefined {
  const { root } = manifest;
  const text = oneLine(root.description ?? manifest.description ?? root.summary ?? '');
  return text === '' ? undefined : text;
}

type Body = { text: string; pages: string[][]; full: string[][] };

const fits = (body: string): boolean => within(sizeOf(`\n${body}\n`));
const paths = (commands: readonly ManifestCommand[]): string[][] => commands.map((command) => command.path);

/**
 * `head`, then the commands at or below `scope`: all in full when they fit and `index` is false; else
 * its groups as an index of their pages and its other commands; else one line per command.
 */
function layout(manifest: Manifest, head: string, scope: ManifestCommand, index: boolean): Body {
  const commands = agentCommands(scope);
  const groups = agentGroups(scope);
  const whole = [head, ...fullSections(manifest, commands, scope.path)].join('\n\n');
  if (!index && fits(whole)) return { text: whole, pages: [], full: paths(commands) };
  if (groups.length > 0) return indexed(manifest, head, scope, groups);
  return { text: briefBody(manifest, head, commands, scope.path), pages: [], full: [] };
}

/** The groups one line each, with the page that holds each; then the commands outside them, in full when they fit. */
function indexed(manifest: Manifest, head: string, scope: ManifestCommand, groups: readonly AgentGroup[]): Body {
  const loose = looseCommands(scope);
  const lines = groups.map(({ group }) => {
    const summary = summaryOf(group);
    // The file is named by the group's word (`references/db.md`), which is then not said twice.
    const file = code(referenceFile(group.path));
    const where = toSkillName([group.name]) === group.name ? file : `${prose(group.name)} (${file})`;
    return `- ${where}${summary === '' ? '' : `: ${summary}`}`;
  });
  const print = code(`${manifest.name} skills print <group>`);
  const intro = `## Groups (read the file, or ${print})`;
  const grouped = `${head}\n\n${intro}\n${lines.join('\n')}`;
  const pages = groups.map(({ group }) => group.path);
  if (loose.length === 0) return { text: grouped, pages, full: [] };
  const whole = [grouped, ...fullSections(manifest, loose, scope.path)].join('\n\n');
  if (fits(whole)) return { text: whole, pages, full: paths(loose) };
  return { text: briefBody(manifest, grouped, loose, scope.path), pages, full: [] };
}

/** One line per command, as many as fit; the rest counted, with the call that lists them. */
function briefBody(manifest: Manifest, head: string, commands: readonly ManifestCommand[], group: string[]): string {
  const words = [manifest.name, ...group];
  const intro = `${head}\n\n## Commands\n\nRun ${code(`${words.join(' ')} <command> --schema`)} for a command's options.\n`;
  const lines = commands.map((command) => briefLine(manifest, command, group));
  const more = (left: number) => `- … and ${left} more: ${code(`${words.join(' ')} --llms`)} lists every command`;
  return fitItems(intro, lines, more);
}
