/**
 * How a skill and the llms index spell a command for an agent: the usage line names the flags a
 * call cannot do without, since an agent has no prompt to fall back on (A6), and each option line
 * says what the usage line and the root skill's conventions do not: a type other than a string or a
 * switch, ranges, choices, default and variable (L1). A secret's default is never written (L2).
 */
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import {
  argumentToken,
  deprecationNote,
  formatDefault,
  optionFlags,
  optionName,
  visibleOptions,
} from '../help/usage.js';
import { comesFromEnv, firstSentence, mustBeGiven, publishedDefault } from '../schema/index.js';
import { code, prose } from './markdown.js';

/** `ship release --build <version> [options] [services...]`: the needed flags spelled out, the rest as `[options]`. */
export function agentUsage(manifest: Manifest, command: ManifestCommand): string {
  const options = visibleOptions(command);
  const words = [manifest.name, ...command.path, ...options.filter(mustBeGiven).map(optionName)];
  if (options.some((option) => !mustBeGiven(option))) words.push('[options]');
  words.push(...command.arguments.map(argumentToken));
  return words.join(' ');
}

/**
 * One line about a command: its summary, else the first sentence of its description, without a
 * closing full stop (lists add their own punctuation).
 */
export const plainSummaryOf = (command: ManifestCommand): string =>
  oneLine(command.summary ?? firstSentence(command.description ?? '')).replace(/\.$/, '');

/** The summary as Markdown text (markdown.ts). */
export const summaryOf = (command: ManifestCommand): string => prose(plainSummaryOf(command));

/**
 * `- \`--channel <value>\` (stable | beta | nightly; default stable; env SHIP_CHANNEL): release channel`.
 * Whether it is needed is told once, by the usage line, which spells every flag a call needs.
 */
export function optionLine(option: ManifestOption): string {
  const notes = typeNote(option);
  if (option.multiple)
    notes.push(option.separator === undefined ? 'repeatable' : `repeatable, or split on "${option.separator}"`);
  const fallback = publishedDefault(option);
  if (fallback !== undefined) notes.push(`default ${formatDefault(fallback)}`);
  notes.push(...envNotes(option));
  if (option.deprecated !== undefined) notes.push(deprecationNote(option.deprecated));
  return entry(optionFlags(option), notes, option.description);
}

/** What the environment gives the option: a secret is set there, never typed, even when required. */
function envNotes(option: ManifestOption): string[] {
  if (comesFromEnv(option)) {
    return [option.secret ? `secret, required: set env ${option.env}` : `required unless env ${option.env} is set`];
  }
  if (option.secret) return [option.env === undefined ? 'secret' : `secret: prefer env ${option.env}`];
  return option.env === undefined ? [] : [`env ${option.env}`];
}

/**
 * `- \`<key>\`: the setting to read`: its token tells whether it is needed and repeatable; undefined
 * when the line would say nothing the usage line does not.
 */
export function argumentLine(argument: ManifestArgument): string | undefined {
  const notes = argument.choices === undefined ? plainType(argument.type) : [argument.choices.map(String).join(' | ')];
  if (argument.default !== undefined) notes.push(`default ${formatDefault(argument.default)}`);
  if (notes.length === 0 && argument.description === undefined) return undefined;
  return entry(argumentToken(argument), notes, argument.description);
}

/** A string, and a switch (spelled without a value), go without a type: the root skill says so once. */
const plainType = (type: string): string[] => (type === 'string' || type === 'boolean' ? [] : [type]);

function typeNote(option: ManifestOption): string[] {
  if (option.choices !== undefined) return [option.choices.map(String).join(' | ')];
  const { minimum: low, maximum: high } = option;
  const type = option.integer ? 'integer' : option.type;
  if (low !== undefined && high !== undefined) return [`${type} ${low}–${high}`];
  if (low !== undefined) return [`${type} ≥ ${low}`];
  return high === undefined ? plainType(type) : [`${type} ≤ ${high}`];
}

const entry = (spelling: string, notes: readonly string[], description: string | undefined): string => {
  const said = notes.length === 0 ? '' : ` (${prose(notes.join('; '))})`;
  return `- ${code(spelling)}${said}${description === undefined ? '' : `: ${prose(description)}`}`;
};

/** Text from a declaration on one line, so a list item stays one item. */
export const oneLine = (text: string): string => text.trim().replace(/\s+/g, ' ');
