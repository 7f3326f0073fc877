// The MCP clients' files as their documentation describes them (K1), restated here rather than read
// from burgee's source: where each file is, the key that holds the servers, its format, and how
// the client starts the command an entry names. Each format is read and written with that format's
// own library, as the client would read it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type ParseError, parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml, stringify as writeToml } from 'smol-toml';
import { parse as parseYaml, stringify as writeYaml } from 'yaml';

export type Format = 'json' | 'jsonc' | 'toml' | 'yaml';
export type Doc = Record<string, unknown>;
/** What a client runs for one entry: the command and its arguments. */
export type Launch = { command: string; args: string[] };

export type ClientFile = {
  client: string;
  file: (home: string, project: string) => string;
  key: string;
  format: Format;
  /** How the client reads the command of a stdio entry. */
  launch: (entry: Record<string, unknown>) => Launch;
};

const commandArgs = (entry: Record<string, unknown>): Launch => ({
  command: entry.command as string,
  args: entry.args as string[],
});

/** Every client of K1, the seven first ones and the four after. */
export const CLIENT_FILES: readonly ClientFile[] = [
  {
    client: 'claude-code',
    file: (_, p) => join(p, '.mcp.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  {
    client: 'claude-desktop',
    file: (h) => join(h, '.config', 'Claude', 'claude_desktop_config.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  {
    client: 'cursor',
    file: (_, p) => join(p, '.cursor', 'mcp.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  {
    client: 'vscode',
    file: (_, p) => join(p, '.vscode', 'mcp.json'),
    key: 'servers',
    format: 'jsonc',
    launch: commandArgs,
  },
  {
    client: 'codex',
    file: (h) => join(h, '.codex', 'config.toml'),
    key: 'mcp_servers',
    format: 'toml',
    launch: commandArgs,
  },
  {
    client: 'gemini',
    file: (_, p) => join(p, '.gemini', 'settings.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  {
    client: 'windsurf',
    file: (h) => join(h, '.codeium', 'windsurf', 'mcp_config.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  // GitHub Copilot CLI: the repository's .github/mcp.json (its user file is ~/.copilot/mcp-config.json).
  {
    client: 'copilot',
    file: (_, p) => join(p, '.github', 'mcp.json'),
    key: 'mcpServers',
    format: 'json',
    launch: commandArgs,
  },
  // opencode: the command and its arguments are one array.
  {
    client: 'opencode',
    file: (_, p) => join(p, 'opencode.json'),
    key: 'mcp',
    format: 'jsonc',
    launch: (entry) => {
      const [command, ...args] = entry.command as string[];
      return { command: command!, args };
    },
  },
  {
    client: 'zed',
    file: (_, p) => join(p, '.zed', 'settings.json'),
    key: 'context_servers',
    format: 'jsonc',
    launch: commandArgs,
  },
  // goose reads one user file, ~/.config/goose/config.yaml, and names the command `cmd`.
  {
    client: 'goose',
    file: (h) => join(h, '.config', 'goose', 'config.yaml'),
    key: 'extensions',
    format: 'yaml',
    launch: (entry) => ({ command: entry.cmd as string, args: entry.args as string[] }),
  },
];

/** Parses a client file's text with its format's library; JSONC that does not parse fails here. */
export function parseAs(format: Format, text: string): Doc {
  if (format === 'toml') return parseToml(text) as Doc;
  if (format === 'yaml') return parseYaml(text) as Doc;
  if (format === 'json') return JSON.parse(text) as Doc;
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new Error(`not JSON with comments: ${JSON.stringify(errors)}`);
  return value as Doc;
}

/** Reads a client's file as that client would. */
export const readClientFile = (c: ClientFile, file: string): Doc => parseAs(c.format, readFileSync(file, 'utf8'));

/** Writes `value` to a client's file in its format, as a person's own file would be. */
export function writeClientFile(c: ClientFile, file: string, value: Doc): void {
  mkdirSync(dirname(file), { recursive: true });
  const text =
    c.format === 'toml' ? writeToml(value) : c.format === 'yaml' ? writeYaml(value) : JSON.stringify(value, null, 2);
  writeFileSync(file, text);
}

/** A text of the client's format that does not parse, a person's typo. */
export function brokenText(format: Format): string {
  if (format === 'toml') return '[mcp_servers.other]\ncommand = "x"\nargs = [\n';
  if (format === 'yaml') return 'extensions:\n  other:\n    args: [one, two\n';
  return '{\n  "mcpServers": {\n    "other": {,\n';
}
