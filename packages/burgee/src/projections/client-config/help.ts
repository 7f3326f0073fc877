/**
 * `mcp --help` (and `help mcp`): the two actions, every client with the files it writes, the options
 * and examples, as data (`--json`) and as text rendered from that data (K1, K3).
 */
import { posix, win32 } from 'node:path';
import { SYNTHESISED_COMMANDS } from '../../manifest/synthesised.js';
import { layoutRow, leftWidth, type Row, wrapText } from '../help/layout.js';
import type { Colors } from '../human/colors.js';
import { CLIENTS, type ClientId, clientSpec, type Place, passesVariables } from './clients.js';
import { MCP_OPTIONS } from './words.js';

/** One client as help lists it: the file of each scope, home shown as `~`. */
export type McpHelpClient = {
  name: ClientId;
  /** Relative to the current folder; absent when the client reads no project file. */
  project?: string;
  user: string;
  /** Whether `--env` works for it: the client can pass a variable by name. */
  passesVariables: boolean;
};

/** `mcp --help` as data: the shape of a command's `--help --json`, with its clients. */
export type McpHelp = {
  usage: string;
  description: string;
  commands: { name: string; summary: string }[];
  clients: McpHelpClient[];
  options: { flags: string; description: string }[];
  examples: { command: string; description: string }[];
};

const ACTIONS = [
  { name: 'config', summary: "print this program's entry for the client and the file it belongs in; writes nothing" },
  {
    name: 'install',
    summary: "write the entry into the client's file, keeping all else there; the old file is kept as <file>.bak",
  },
];

/**
 * Builds `mcp --help` for the program `program` (K1). Pure: the user files come from `place`, with
 * its home shown as `~`; `tokenVariable` is the variable `--token-env` names when not given.
 */
export function toMcpHelp(program: string, place: Place, tokenVariable: string): McpHelp {
  const row = SYNTHESISED_COMMANDS.find((r) => r.name === 'mcp')!;
  const home = (file: string) => tilde(file, place);
  const clients = CLIENTS.map((name): McpHelpClient => {
    const spec = clientSpec(name);
    const project = spec.project === undefined ? {} : { project: spec.project };
    return { name, ...project, user: home(spec.user(place)), passesVariables: passesVariables(name) };
  });
  const options = MCP_OPTIONS.map((option) => ({
    flags: 'value' in option ? `${option.flag} ${option.value}` : option.flag,
    description:
      option.flag === '--token-env' ? `${option.description} (default: ${tokenVariable})` : option.description,
  }));
  const cursor = home(clientSpec('cursor').user(place));
  const examples = [
    { command: `${program} mcp config claude-code`, description: "print the entry for Claude Code's .mcp.json" },
    {
      command: `${program} mcp install cursor --scope user --dry-run`,
      description: `show what would change in ${cursor}`,
    },
    {
      command: `${program} mcp install codex --env DATABASE_URL`,
      description: 'register with Codex, which passes its own $DATABASE_URL to the server',
    },
  ];
  return { usage: `${program} ${row.usage}`, description: row.help, commands: ACTIONS, clients, options, examples };
}

/** A path in the home folder as `~/…`, as a person writes it; any other path as it is. */
function tilde(file: string, place: Place): string {
  const path = place.platform === 'win32' ? win32 : posix;
  const relative = path.relative(place.home, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return `~${path.sep}${relative}`;
}

/** `mcp --help` as text, without a trailing newline: wrapped to `width`, flags and titles coloured. */
export function renderMcpHelp(help: McpHelp, options: { width: number; colors: Colors }): string {
  const { width, colors } = options;
  const sections: { title: string; rows: Row[]; flags: boolean }[] = [
    { title: 'Commands:', rows: help.commands.map((c) => ({ left: c.name, right: c.summary })), flags: false },
    { title: 'Clients (project file, user file):', rows: help.clients.map(clientRow), flags: false },
    { title: 'Options:', rows: help.options.map((o) => ({ left: o.flags, right: o.description })), flags: true },
    { title: 'Examples:', rows: help.examples.map((e) => ({ left: e.command, right: e.description })), flags: false },
  ];
  // The examples' commands are long: each puts its description under it rather than widen the column.
  const left = leftWidth(
    sections.filter((section) => section.title !== 'Examples:').flatMap((section) => section.rows),
    width,
  );
  const blocks = [`${colors.bold('Usage:')} ${help.usage}`, wrapText(help.description, width).join('\n')];
  for (const section of sections) {
    const paint = (s: string): string => (section.flags ? colors.cyan(s) : s);
    const lines = section.rows.flatMap((row) => layoutRow(row, { width, left, paint }));
    blocks.push([colors.bold(section.title), ...lines].join('\n'));
  }
  return blocks.join('\n\n');
}

function clientRow(client: McpHelpClient): Row {
  const notes = [client.project === undefined ? 'user file only' : '', client.passesVariables ? '' : 'takes no --env'];
  const files = client.project === undefined ? client.user : `${client.project}, ${client.user}`;
  const said = notes.filter((note) => note !== '').join('; ');
  return { left: client.name, right: said === '' ? files : `${files} (${said})` };
}
