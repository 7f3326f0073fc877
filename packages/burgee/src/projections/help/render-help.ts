/**
 * The help screen (H2), rendered from `toHelpData` so text and `--help --json` agree.
 */
import type { Manifest, ManifestCommand, ManifestExample, Scalar } from '../../manifest/types.js';
import type { Colors } from '../human/colors.js';
import type { HelpEntry } from './global-options.js';
import { type HelpArgument, type HelpCommand, type HelpOption, toHelpData } from './help-data.js';
import { layoutRow, leftWidth, type Row, wrapText } from './layout.js';
import { moreLine } from './long-list.js';
import { deprecationNote, formatDefault } from './usage.js';

/** How wide the screen is and how to colour it; the runtime decides both. */
export type HelpRenderOptions = { width: number; colors: Colors; all?: boolean; versioned?: boolean };

type Section = { title: string; rows: Row[]; flags: boolean };

/** Renders one command's help screen as text, without a trailing newline. */
export function renderHelp(manifest: Manifest, command: ManifestCommand, options: HelpRenderOptions): string {
  const { width, colors } = options;
  const data = toHelpData(manifest, command, {
    all: options.all === true,
    ...(options.versioned === undefined ? {} : { versioned: options.versioned }),
  });
  const blocks = [`${colors.bold('Usage:')} ${data.usage}`];
  const about = [data.description, data.deprecated === undefined ? undefined : deprecationNote(data.deprecated)];
  const text = about.filter((part) => part !== undefined).join('\n');
  if (text !== '') blocks.push(wrapText(text, width).join('\n'));
  const sections: Section[] = [
    { title: 'Arguments:', rows: data.arguments.map(argumentRow), flags: false },
    { title: 'Options:', rows: indentLongOnly(data.options.map(optionRow)), flags: true },
    { title: 'Commands:', rows: data.commands.map(commandRow), flags: false },
    { title: 'Examples:', rows: data.examples.map(exampleRow), flags: false },
    { title: 'Global options:', rows: indentLongOnly(data.globalOptions.map(entryRow)), flags: true },
  ].filter((section) => section.rows.length > 0);
  // One column for every section, so descriptions line up down the whole screen.
  const left = leftWidth(
    sections.flatMap((section) => section.rows),
    width,
  );
  for (const section of sections) {
    const paint = (s: string): string => (section.flags ? colors.cyan(s) : s);
    const lines = section.rows.flatMap((row) => layoutRow(row, { width, left, paint }));
    if (section.title === 'Commands:' && data.moreCommands !== undefined) {
      const where = [manifest.name, ...command.path].join(' ');
      lines.push(...wrapText(moreLine(where, data.moreCommands), width - 2).map((line) => `  ${line}`));
    }
    blocks.push([colors.bold(section.title), ...lines].join('\n'));
  }
  if (command.path.length === 0) blocks.push(agentLine(manifest.name));
  return blocks.join('\n\n');
}

/** The last line of the root help, pointing agents at the one call that describes everything. */
export const agentLine = (name: string): string =>
  `Agents: run \`${name} --schema\` to get every command, option and exit code as JSON in one call.`;

const joinNotes = (parts: readonly (string | undefined)[]): string =>
  parts.filter((part) => part !== undefined && part !== '').join(' ');

function optionRow(option: HelpOption): Row {
  const right = joinNotes([
    option.description,
    option.required ? '(required)' : option.requiredUnlessEnv ? '(required unless set in env)' : undefined,
    option.default === undefined ? undefined : `(default: ${formatDefault(option.default)})`,
    choicesNote(option.choices),
    option.env === undefined ? undefined : `[env: ${option.env}]`,
    option.deprecated === undefined ? undefined : deprecationNote(option.deprecated),
  ]);
  return { left: option.flags, right };
}

function argumentRow(argument: HelpArgument): Row {
  const fallback = argument.default === undefined ? undefined : `(default: ${formatDefault(argument.default)})`;
  return { left: argument.name, right: joinNotes([argument.description, fallback, choicesNote(argument.choices)]) };
}

const choicesNote = (choices: readonly Scalar[] | undefined): string | undefined =>
  choices === undefined ? undefined : `(one of: ${choices.map(String).join(', ')})`;

function commandRow(command: HelpCommand): Row {
  const note = command.deprecated === undefined ? undefined : deprecationNote(command.deprecated);
  return { left: command.name, right: joinNotes([command.summary, note]) };
}

const exampleRow = (example: ManifestExample): Row => ({ left: example.command, right: example.description ?? '' });

const entryRow = (entry: HelpEntry): Row => ({ left: entry.flags, right: entry.description });

/** Long-only flags start under the long flags of `-t, --target`, the way most CLIs align them. */
function indentLongOnly(rows: Row[]): Row[] {
  const hasShort = rows.some((row) => /^-[^-]/.test(row.left));
  return hasShort ? rows.map((row) => (row.left.startsWith('--') ? { ...row, left: `    ${row.left}` } : row)) : rows;
}
