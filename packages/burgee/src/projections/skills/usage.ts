/**
 * How a skill and the llms index spell a command for an agent: the usage line names the flags a
 * call cannot do without, since an agent has no prompt to fall back on (A6), and each option line
 * says what the usage line and the root skill's conventions do not: a type other than a string,
 * ranges, choices, default and variable (L1). A secret's default is never written (L2). Every word
 * here is read on each call an agent learns from, so none is spent on what the reader already has:
 * the option lines follow the usage line, so it does not say `[options]`; an option line names the
 * flag without a value placeholder, its type note saying what the value is (N5).
 */
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import {
  argumentToken,
  deprecationNote,
  formatDefault,
  optionName,
  showsNegation,
  visibleOptions,
} from '../help/usage.js';
import { comesFromEnv, firstSentence, mustBeGiven, publishedDefault } from '../schema/index.js';
import { code, prose } from './markdown.js';

/**
 * `ship release --build <version> [services...]`: the flags a call needs spelled out; the others
 * are in the option lines a skill writes under it, or in `--schema`. `words` are the words it starts
 * with: the program's and the command's path by default, fewer under a heading that says the rest.
 */
export function agentUsage(
  manifest: Manifest,
  command: ManifestCommand,
  words = [manifest.name, ...command.path],
): string {
  const needed = visibleOptions(command).filter(mustBeGiven).map(optionName);
  return [...words, ...needed, ...command.arguments.map(argumentToken)].join(' ');
}

/**
 * The words a command's usage starts with under a heading, or on a page, of the group at `group`:
 * the group's words are the heading's, so they are left out (`list` under `# cloud deploys`); a
 * command at the top of the program, and the group itself when it runs, are spelled in full.
 */
export function wordsUnder(manifest: Manifest, command: ManifestCommand, group: readonly string[]): string[] {
  if (group.length === 0 || command.path.length <= group.length) return [manifest.name, ...command.path];
  return command.path.slice(group.length);
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
 * `- -c, --channel (stable | beta | nightly; default stable; env SHIP_CHANNEL): release channel`.
 * Whether it is needed is told once, by the usage line, which spells every flag a call needs. The
 * flag is plain text, not a code span: a flag is letters, digits and dashes, and the backticks would
 * cost tokens on every line.
 */
export function optionLine(option: ManifestOption): string {
  const notes = typeNote(option);
  if (option.multiple)
    notes.push(option.separator === undefined ? 'repeatable' : `repeatable, or split on "${option.separator}"`);
  const fallback = publishedDefault(option);
  // An empty list as the default says nothing a repeatable option does not already say.
  if (fallback !== undefined && formatDefault(fallback) !== '') notes.push(`default ${formatDefault(fallback)}`);
  notes.push(...envNotes(option));
  if (option.deprecated !== undefined) notes.push(deprecationNote(option.deprecated));
  return entry(prose(flagsOf(option)), notes, option.description);
}

/** `-c, --channel`, `--[no-]cache`: the option's spellings without a value placeholder. */
export function flagsOf(option: ManifestOption): string {
  // As help: the short letter turns a switch on, which changes nothing for one on by default.
  const negation = showsNegation(option);
  const short = option.short !== undefined && !negation ? `-${option.short}, ` : '';
  return `${short}${negation ? `--[no-]${option.flag.slice(2)}` : option.flag}`;
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
  if (argument.default !== undefined && formatDefault(argument.default) !== '')
    notes.push(`default ${formatDefault(argument.default)}`);
  if (notes.length === 0 && argument.description === undefined) return undefined;
  return entry(code(argumentToken(argument)), notes, argument.description);
}

/** A string goes without a type: the root skill says so once. An argument is never a switch. */
const plainType = (type: string): string[] => (type === 'string' || type === 'boolean' ? [] : [type]);

function typeNote(option: ManifestOption): string[] {
  if (option.choices !== undefined) return [option.choices.map(String).join(' | ')];
  // A switch takes no value: its line has no placeholder to tell it from a string, so the note does.
  if (option.type === 'boolean') return ['switch'];
  const { minimum: low, maximum: high } = option;
  const type = option.integer ? 'integer' : option.type;
  if (low !== undefined && high !== undefined) return [`${type} ${low}–${high}`];
  if (low !== undefined) return [`${type} ≥ ${low}`];
  return high === undefined ? plainType(type) : [`${type} ≤ ${high}`];
}

/** `spelling` is Markdown already: a code span, or escaped prose. */
const entry = (spelling: string, notes: readonly string[], description: string | undefined): string => {
  const said = notes.length === 0 ? '' : ` (${prose(notes.join('; '))})`;
  return `- ${spelling}${said}${description === undefined ? '' : `: ${prose(description)}`}`;
};

/** Text from a declaration on one line, so a list item stays one item. */
export const oneLine = (text: string): string => text.trim().replace(/\s+/g, ' ');
