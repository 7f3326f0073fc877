/** One command as a skill teaches it: in full (L1), or as one line when the skill must be shorter (L3). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { deprecationNote, exampleCommand, visibleOptions } from '../help/usage.js';
import { code, heading, paragraph, prose } from './markdown.js';
import { agentUsage, argumentLine, optionLine, plainSummaryOf } from './usage.js';

/** How much a skill says about each command: everything, or its usage and summary on one line. */
export type Detail = 'full' | 'brief';

/** The effects of a command as written after its usage. */
const effectsOf = (command: ManifestCommand): string => command.effects ?? 'undeclared';

/** A command in full: what it does, its usage and effects, its arguments and options, its examples. */
export function fullSection(manifest: Manifest, command: ManifestCommand): string {
  const title = heading([manifest.name, ...command.path].join(' '));
  const about = paragraph([command.description ?? command.summary, deprecatedNote(command)].join(' '));
  const lines = [`### ${title}`, ''];
  if (about !== '') lines.push(about, '');
  lines.push(`Usage: ${code(agentUsage(manifest, command))} (${effectsOf(command)})`);
  lines.push(...command.arguments.map(argumentLine), ...visibleOptions(command).map(optionLine));
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
