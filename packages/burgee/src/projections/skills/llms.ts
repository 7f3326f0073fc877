/**
 * `tool --llms`: the program as a Markdown index in the llms.txt style (L5): a title, the
 * description as a quote, how to call and where to read more, then one line per command an agent may
 * run (its usage, effects and summary), a group's lines under the group's heading. Within the schema budget (S4) by the same steps: summaries, then usage lines alone, then
 * groups counted; past that, as many lines as fit and a count of the rest.
 */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { briefLine, effectsOf, fullSections } from './command-section.js';
import { agentCommands, agentGroups, topItems } from './commands.js';
import { code, heading, paragraph } from './markdown.js';
import { agentUsage, wordsUnder } from './usage.js';

/**
 * Renders the index of the program, or of the commands below `scope`, without a trailing newline; a
 * command that runs and has none below it, in full, as its skill teaches it (an index of one line
 * would only send the reader elsewhere). The command in full is never cut to a budget, as drilling
 * `--schema` is not (S3).
 */
export function renderLlms(manifest: Manifest, scope: ManifestCommand = manifest.root, budget?: number): string {
  const commands = agentCommands(scope);
  if (commands.length === 1 && commands[0] === scope && scope.path.length > 0) return commandInFull(manifest, scope);
  const limit = budget ?? manifest.schemaBudget;
  const words = [manifest.name, ...scope.path];
  const head = headOf(manifest, scope, words);
  const forms = [sections(manifest, scope, true), sections(manifest, scope, false), groupedLines(manifest, scope)];
  for (const lines of forms) {
    const text = [head, '', ...lines].join('\n');
    if (text.length <= limit) return text;
  }
  return truncated(`${head}\n`, forms[2]!, words, limit);
}

/** One command: how to call, then its section as a group's page of the skill holds it (L1). */
function commandInFull(manifest: Manifest, command: ManifestCommand): string {
  const where = [manifest.name, ...command.path].join(' ');
  return [
    `# ${heading(where)}`,
    '',
    `Call with \`--json --lean\`: stdout is one JSON envelope; on exit 4, follow its \`next[]\`. ${code(`${where} --schema`)} gives its JSON Schema.${tasksNote(manifest, [command])}`,
    '',
    ...fullSections(manifest, [command]),
  ].join('\n');
}

function headOf(manifest: Manifest, scope: ManifestCommand, words: readonly string[]): string {
  const where = words.join(' ');
  const about = scope.path.length === 0 ? (scope.description ?? manifest.description) : scope.description;
  const quote = paragraph(about ?? scope.summary ?? '');
  const skill = `${manifest.name} skills print${scope.path.length === 0 ? '' : ` ${scope.path.join(' ')}`}`;
  const teaches = scope.path.length === 0 ? 'teaches the whole program' : "gives the group's commands in full";
  return [
    `# ${heading(where)}`,
    ...(quote === '' ? [] : ['', `> ${quote}`]),
    '',
    `Call with \`--json --lean\`: stdout is one JSON envelope; on exit 4, follow its \`next[]\`. ${code(`${manifest.name} <command> --llms`)} gives one command in full (\`--schema\` its JSON Schema); ${code(skill)} ${teaches}.${tasksNote(manifest, agentCommands(scope))}`,
  ].join('\n');
}

/** What `task` after a command's effects means, where some command listed has it (B3). */
function tasksNote(manifest: Manifest, commands: readonly ManifestCommand[]): string {
  if (!commands.some((command) => command.task !== undefined)) return '';
  return ` A \`task\` command may run long: \`--detach\` prints its task \`id\`; follow it with ${code(`${manifest.name} tasks status|result|cancel <id>`)}.`;
}

/**
 * One line per command: first those at `scope` (itself when it runs, and its leaves), under the
 * title; then each group's under a heading of the group's words. A line leaves out the words of the
 * group its heading names, so `cloud deploys` is written once, not on each line (N5). With
 * `summaries` false, the usage lines alone.
 */
function sections(manifest: Manifest, scope: ManifestCommand, summaries: boolean): string[] {
  const line = (command: ManifestCommand, group: readonly string[]): string =>
    summaries ? briefLine(manifest, command, group) : usageLine(manifest, command, group);
  const top: string[] = [];
  const groups = new Map<string, string[]>();
  for (const command of agentCommands(scope)) {
    const parent = command.path.slice(0, -1);
    if (command === scope || parent.length === scope.path.length) {
      top.push(line(command, scope.path));
      continue;
    }
    const title = `## ${heading([manifest.name, ...parent].join(' '))}`;
    const lines = groups.get(title) ?? [title];
    lines.push(line(command, parent));
    groups.set(title, lines);
  }
  const blocks = [top, ...groups.values()].filter((block) => block.length > 0);
  return blocks.flatMap((block, i) => (i === 0 ? block : ['', ...block]));
}

const usageLine = (manifest: Manifest, command: ManifestCommand, group: readonly string[] = []): string =>
  `- ${code(agentUsage(manifest, command, wordsUnder(manifest, command, group)))} (${effectsOf(command)})`;

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
