/**
 * `tool --llms`: the program as a Markdown index in the llms.txt style (L5): a title, the
 * description as a quote, how to call and where to read more, then one line per command an agent may
 * run. Within the schema budget (S4) by the same steps: summaries, then usage lines alone, then
 * groups counted; past that, as many lines as fit and a count of the rest.
 */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { briefLine } from './command-section.js';
import { agentCommands, agentGroups, topItems } from './commands.js';
import { code, heading, paragraph } from './markdown.js';
import { agentUsage } from './usage.js';

/** Renders the index of the program, or of the commands below `scope`, without a trailing newline. */
export function renderLlms(manifest: Manifest, scope: ManifestCommand = manifest.root, budget?: number): string {
  const limit = budget ?? manifest.schemaBudget;
  const words = [manifest.name, ...scope.path];
  const commands = agentCommands(scope);
  const head = headOf(manifest, scope, words);
  const forms = [
    commands.map((command) => briefLine(manifest, command)),
    commands.map((command) => usageLine(manifest, command)),
    groupedLines(manifest, scope),
  ];
  for (const lines of forms) {
    const text = [head, ...lines].join('\n');
    if (text.length <= limit) return text;
  }
  return truncated(head, forms[2]!, words, limit);
}

function headOf(manifest: Manifest, scope: ManifestCommand, words: readonly string[]): string {
  const where = words.join(' ');
  const about = scope.path.length === 0 ? (scope.description ?? manifest.description) : scope.description;
  const quote = paragraph(about ?? scope.summary ?? '');
  const skill = `${manifest.name} skills print${scope.path.length === 0 ? '' : ` ${scope.path.join(' ')}`}`;
  return [
    `# ${heading(where)}`,
    ...(quote === '' ? [] : ['', `> ${quote}`]),
    '',
    `Add \`--json --lean\` to any call: stdout is then one JSON envelope. Exit 4 means an action is required: follow its \`next[]\`. ${code(`${manifest.name} <command> --schema`)} prints one command in full; ${code(skill)} prints ${scope.path.length === 0 ? 'a skill that teaches the whole program' : "the group's commands in full"}.`,
    '',
    '## Commands',
    '',
  ].join('\n');
}

const usageLine = (manifest: Manifest, command: ManifestCommand): string =>
  `- ${code(agentUsage(manifest, command))} (${command.effects ?? 'undeclared'})`;

/** Each group below `scope` as one line counting its commands; the commands outside groups as usage lines. */
function groupedLines(manifest: Manifest, scope: ManifestCommand): string[] {
  const groups = new Map(agentGroups(scope).map((entry) => [entry.group, entry.commands.length]));
  return topItems(scope).map((command) => {
    const count = groups.get(command);
    if (count === undefined) return usageLine(manifest, command);
    const where = [manifest.name, ...command.path].join(' ');
    return `- ${code(`${where} …`)}: ${count} command${count === 1 ? '' : 's'}; ${code(`${where} --llms`)} lists them`;
  });
}

function truncated(head: string, lines: readonly string[], words: readonly string[], limit: number): string {
  const more = (left: number) => `- … and ${left} more: ${code(`${words.join(' ')} --schema`)} names them all`;
  const kept: string[] = [];
  let size = head.length;
  for (const [i, line] of lines.entries()) {
    const tail = more(lines.length - i).length + 1;
    if (size + line.length + 1 + tail > limit) return [head, ...kept, more(lines.length - i)].join('\n');
    kept.push(line);
    size += line.length + 1;
  }
  return [head, ...kept].join('\n');
}
