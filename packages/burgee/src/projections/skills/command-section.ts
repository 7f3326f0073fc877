/** One command as a skill teaches it: in full (L1), or as one line when the skill must be shorter (L3). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { deprecationNote, exampleCommand, visibleOptions } from '../help/usage.js';
import { mustBeGiven } from '../schema/index.js';
import { code, paragraph, prose } from './markdown.js';
import { agentUsage, argumentLine, flagsOf, optionLine, plainSummaryOf, wordsUnder } from './usage.js';

/** The effects of a command as written after its usage. */
export const effectsOf = (command: ManifestCommand): string =>
  `${command.effects ?? 'undeclared'}${command.task === undefined ? '' : ', task'}`;

/**
 * Commands in full, as one page holds them: each its usage line and effects as the heading (the
 * usage names the command, without the words of the `group` the page is about), what it does, its
 * arguments and options, its examples. A line already written for an earlier command of the page (a
 * shared `--token`, a `<name>`) is said once: later commands leave it to their usage line when that
 * spells it (every argument, a required flag), else name it on one line with the others as above.
 */
export function fullSections(
  manifest: Manifest,
  commands: readonly ManifestCommand[],
  group: readonly string[] = [],
): string[] {
  const seen = new Set<string>();
  return commands.map((command) => fullSection(manifest, command, group, seen));
}

function fullSection(
  manifest: Manifest,
  command: ManifestCommand,
  group: readonly string[],
  seen: Set<string>,
): string {
  const about = paragraph([command.description ?? command.summary, deprecatedNote(command)].join(' '));
  const usage = agentUsage(manifest, command, wordsUnder(manifest, command, group));
  const lines = [`## ${code(usage)} (${effectsOf(command)})`];
  if (about !== '') lines.push(about);
  const fresh = (line: string): boolean => {
    const first = !seen.has(line);
    seen.add(line);
    return first;
  };
  for (const argument of command.arguments) {
    const line = argumentLine(argument);
    if (line !== undefined && fresh(line)) lines.push(line);
  }
  const again: string[] = [];
  for (const option of visibleOptions(command)) {
    const line = optionLine(option);
    if (fresh(line)) lines.push(line);
    // Said before: a flag the usage line spells needs nothing more; another is named, so it is known to be there.
    else if (!mustBeGiven(option)) again.push(prose(flagsOf(option)));
  }
  if (again.length > 0) lines.push(`- ${again.join(', ')}: as above`);
  for (const example of command.examples) {
    const note = example.description === undefined ? '' : ` (${prose(example.description)})`;
    lines.push(`- Example: ${code(exampleCommand(manifest, example.command))}${note}`);
  }
  return lines.join('\n');
}

/**
 * A command on one line: `- \`ship status\` (read_only): Show the state of every service`; under the
 * heading of the group at `group`, without its words.
 */
export function briefLine(manifest: Manifest, command: ManifestCommand, group: readonly string[] = []): string {
  const words = wordsUnder(manifest, command, group);
  const summary = [plainSummaryOf(command), deprecatedNote(command)].filter(
    (part) => part !== undefined && part !== '',
  );
  const tail = summary.length === 0 ? '' : `: ${prose(summary.join(' '))}`;
  return `- ${code(agentUsage(manifest, command, words))} (${effectsOf(command)})${tail}`;
}

/** The deprecation note as written: escaped once, with the text it is joined to. */
const deprecatedNote = (command: ManifestCommand): string | undefined =>
  command.deprecated === undefined ? undefined : deprecationNote(command.deprecated);
