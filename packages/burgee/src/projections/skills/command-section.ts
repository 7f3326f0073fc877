/** One command as a skill teaches it: in full (L1), or as one line when the skill must be shorter (L3). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { deprecationNote, exampleCommand, optionFlags, visibleOptions } from '../help/usage.js';
import { mustBeGiven } from '../schema/index.js';
import { code, paragraph, prose } from './markdown.js';
import { agentUsage, argumentLine, optionLine, plainSummaryOf } from './usage.js';

/** The effects of a command as written after its usage. */
const effectsOf = (command: ManifestCommand): string => command.effects ?? 'undeclared';

/**
 * Commands in full, as one page holds them: each its usage line and effects as the heading (the usage
 * names the command), what it does, its arguments and options, its examples. An option line already
 * written for an earlier command of the page (a shared `--project`) is said once: later commands name
 * it, or leave it to their usage line when that spells it.
 */
export function fullSections(manifest: Manifest, commands: readonly ManifestCommand[]): string[] {
  const seen = new Set<string>();
  return commands.map((command) => fullSection(manifest, command, seen));
}

function fullSection(manifest: Manifest, command: ManifestCommand, seen: Set<string>): string {
  const about = paragraph([command.description ?? command.summary, deprecatedNote(command)].join(' '));
  const lines = [`### ${code(agentUsage(manifest, command))} (${effectsOf(command)})`];
  if (about !== '') lines.push(about);
  lines.push(...command.arguments.map(argumentLine).filter((line) => line !== undefined));
  for (const option of visibleOptions(command)) {
    const line = optionLine(option);
    // Said before: a flag the usage line spells needs nothing more; another is named, so it is known to be there.
    if (!seen.has(line)) lines.push(line);
    else if (!mustBeGiven(option)) lines.push(`- ${code(optionFlags(option))} (as above)`);
    seen.add(line);
  }
  if (command.examples.length > 0) {
    lines.push('', 'Examples:');
    for (const example of command.examples) {
      const note = example.description === undefined ? '' : `: ${prose(example.description)}`;
      lines.push(`- ${code(exampleCommand(manifest, example.command))}${note}`);
    }
  }
  return lines.join('\n');
}

/** A command on one line: `- \`ship status [options]\` (read_only): Show the state of every service`. */
export function briefLine(manifest: Manifest, command: ManifestCommand): string {
  const summary = [plainSummaryOf(command), deprecatedNote(command)].filter(
    (part) => part !== undefined && part !== '',
  );
  const tail = summary.length === 0 ? '' : `: ${prose(summary.join(' '))}`;
  return `- ${code(agentUsage(manifest, command))} (${effectsOf(command)})${tail}`;
}

/** The deprecation note as written: escaped once, with the text it is joined to. */
const deprecatedNote = (command: ManifestCommand): string | undefined =>
  command.deprecated === undefined ? undefined : deprecationNote(command.deprecated);
