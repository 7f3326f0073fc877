/** One command as a skill teaches it: in full (L1), or as one line when the skill must be shorter (L3). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { deprecationNote, exampleCommand, visibleOptions } from '../help/usage.js';
import { code, prose } from './markdown.js';
import { agentUsage, argumentLine, oneLine, optionLine, summaryOf } from './usage.js';

/** How much a skill says about each command: everything, or its usage and summary on one line. */
export type Detail = 'full' | 'brief';

/** The effects of a command as written after its usage. */
const effectsOf = (command: ManifestCommand): string => command.effects ?? 'undeclared';

/** A command in full: what it does, its usage and effects, its arguments and options, its examples. */
export function fullSection(manifest: Manifest, command: ManifestCommand): string {
  const title = prose([manifest.name, ...command.path].join(' '));
  const about = [command.description ?? command.summary, deprecatedNote(command)].filter((part) => part !== undefined);
  const lines = [`### ${title}`, ''];
  if (about.length > 0) lines.push(prose(about.join(' ')), '');
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
  const summary = [summaryOf(command), deprecatedNote(command)].filter((part) => part !== undefined && part !== '');
  const tail = summary.length === 0 ? '' : `: ${oneLine(summary.join(' '))}`;
  return `- ${code(agentUsage(manifest, command))} (${effectsOf(command)})${tail}`;
}

const deprecatedNote = (command: ManifestCommand): string | undefined =>
  command.deprecated === undefined ? undefined : prose(deprecationNote(command.deprecated));
