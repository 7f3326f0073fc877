import { appData, configFile, configHome, inHome, type Place, pathFor } from './places.js';

export type { Place };

/** The MCP clients burgee writes configuration for (K1). */
export const CLIENTS = [
  'claude-code',
  'claude-desktop',
  'cursor',
  'vscode',
  'codex',
  'gemini',
  'windsurf',
  'copilot',
  'opencode',
  'zed',
  'goose',
] as const;
export type ClientId = (typeof CLIENTS)[number];
/** True when `value` names a client burgee can register with. */
export const isClientId = (value: unknown): value is ClientId => CLIENTS.includes(value as ClientId);

/**
 * Where a program's server is reached: a command started over stdio, or a URL served over HTTP (M7).
 * `variables` names variables of the client's own environment the client passes to the command.
 */
export type ServerTarget =
  | { kind: 'stdio'; command: string; args: readonly string[]; variables?: readonly string[] }
  | {
      kind: 'http';
      url: string;
      /** The environment variable the client reads the bearer token from; the token itself is never written. */
      tokenVariable: string;
    };

/** The formats of client files: JSON, JSON with comments and trailing commas (JSONC), TOML, YAML. */
export type ClientFormat = 'json' | 'jsonc' | 'toml' | 'yaml';

/**
 * How a client's entry has the client pass a variable of its own environment to the server it
 * starts, by name, never by value: a table whose values are references the client expands
 * (`table`), or a list of names the client forwards (`list`). `none`: the client reads no reference
 * in that file, so only the value itself could be written there, which burgee never does.
 */
export type EnvPassing =
  | { kind: 'table'; key: string; reference: (name: string) => string }
  | { kind: 'list'; key: string }
  | { kind: 'none' };

/** One client's configuration file, as data: where it lives, its format, and the key that holds servers. */
export type ClientSpec = {
  id: ClientId;
  format: ClientFormat;
  /** The key of the table of servers (`mcpServers`, `servers`, `mcp_servers`). */
  key: string;
  /** Relative to the project folder; absent when the client reads no project file. */
  project?: string;
  user: (place: Place) => string;
  /** One server's entry under `key`; `name` is the server's name, which some clients repeat inside. */
  entry: (target: ServerTarget, name: string) => Record<string, unknown>;
  /** Keys of the entry a person fills in, which burgee never writes (K2): a re-install keeps them. */
  userKeys?: readonly string[];
  /** How the entry passes a variable through (`--env`), with where the client documents it. */
  env: EnvPassing;
  /** What a person must still do in the client before it starts the server the entry names. */
  notice?: string;
};

const stdio = (target: ServerTarget & { kind: 'stdio' }) => ({ command: target.command, args: [...target.args] });
/** The Authorization header with the variable named, in the interpolation syntax the client expands. */
const bearer = (reference: string) => ({ headers: { Authorization: `Bearer ${reference}` } });

const table = (key: string, reference: (name: string) => string): EnvPassing => ({ kind: 'table', key, reference });
const NO_ENV: EnvPassing = { kind: 'none' };

const CLIENT_SPECS: Record<ClientId, ClientSpec> = {
  'claude-code': {
    id: 'claude-code',
    format: 'json',
    key: 'mcpServers',
    project: '.mcp.json',
    user: inHome('.claude.json'),
    entry: (t) =>
      t.kind === 'stdio'
        ? { type: 'stdio', ...stdio(t) }
        : { type: 'http', url: t.url, ...bearer(`\${${t.tokenVariable}}`) },
    // `${VAR}` in `env`: code.claude.com/docs/en/mcp (environment variable expansion, stated for .mcp.json).
    env: table('env', (name) => `\${${name}}`),
  },
  'claude-desktop': {
    id: 'claude-desktop',
    format: 'json',
    key: 'mcpServers',
    user: (place) => pathFor(place).join(appData(place), 'Claude', 'claude_desktop_config.json'),
    // The desktop app reads no headers from its file: a server behind a token is added in its settings.
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { url: t.url }),
    // No reference syntax: `env` values are passed as written (modelcontextprotocol.io/quickstart/user).
    env: NO_ENV,
  },
  cursor: {
    id: 'cursor',
    format: 'json',
    key: 'mcpServers',
    project: '.cursor/mcp.json',
    user: inHome('.cursor', 'mcp.json'),
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { url: t.url, ...bearer(`\${env:${t.tokenVariable}}`) }),
    // `${env:VAR}` in `env`: cursor.com/docs/context/mcp (config interpolation).
    env: table('env', (name) => `\${env:${name}}`),
  },
  // VS Code reads its mcp.json as JSON with comments.
  vscode: {
    id: 'vscode',
    format: 'jsonc',
    key: 'servers',
    project: '.vscode/mcp.json',
    user: (place) => pathFor(place).join(appData(place), 'Code', 'User', 'mcp.json'),
    entry: (t) =>
      t.kind === 'stdio'
        ? { type: 'stdio', ...stdio(t) }
        : { type: 'http', url: t.url, ...bearer(`\${env:${t.tokenVariable}}`) },
    // `${env:VAR}` in `env`: code.visualstudio.com/docs/copilot/reference/mcp-configuration (predefined variables).
    env: table('env', (name) => `\${env:${name}}`),
  },
  codex: {
    id: 'codex',
    format: 'toml',
    key: 'mcp_servers',
    user: (place) =>
      pathFor(place).join(place.env.CODEX_HOME || pathFor(place).join(place.home, '.codex'), 'config.toml'),
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { url: t.url, bearer_token_env_var: t.tokenVariable }),
    // `env_vars = ["VAR"]` forwards a variable of Codex's environment: developers.openai.com/codex/mcp.
    env: { kind: 'list', key: 'env_vars' },
  },
  gemini: {
    id: 'gemini',
    format: 'json',
    key: 'mcpServers',
    project: '.gemini/settings.json',
    user: inHome('.gemini', 'settings.json'),
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { httpUrl: t.url, ...bearer(`\${${t.tokenVariable}}`) }),
    // `$VAR` or `${VAR}` in `env`: geminicli.com/docs/tools/mcp-server (example configurations).
    env: table('env', (name) => `\${${name}}`),
    // With folder trust on, gemini starts no MCP server in a folder it does not trust, project- or
    // user-scoped, and lists it as disabled (geminicli.com/docs/cli/trusted-folders).
    notice:
      'gemini starts no MCP server in a folder it does not trust: if it lists this server as disabled, trust the folder when gemini asks (its choice is kept in ~/.gemini/trustedFolders.json)',
  },
  windsurf: {
    id: 'windsurf',
    format: 'json',
    key: 'mcpServers',
    user: inHome('.codeium', 'windsurf', 'mcp_config.json'),
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { serverUrl: t.url, ...bearer(`\${env:${t.tokenVariable}}`) }),
    // `${env:VAR}` in `env`: docs.windsurf.com/windsurf/cascade/mcp (config interpolation).
    env: table('env', (name) => `\${env:${name}}`),
  },
  // GitHub Copilot CLI: `local` starts a command, `tools` lists the tools it may call ("*": all).
  copilot: {
    id: 'copilot',
    format: 'json',
    key: 'mcpServers',
    project: '.github/mcp.json',
    user: (place) =>
      pathFor(place).join(place.env.COPILOT_HOME || pathFor(place).join(place.home, '.copilot'), 'mcp-config.json'),
    entry: (t) =>
      t.kind === 'stdio'
        ? { type: 'local', ...stdio(t), tools: ['*'] }
        : { type: 'http', url: t.url, ...bearer(`\${${t.tokenVariable}}`), tools: ['*'] },
    // `${VAR}` in `env` from Copilot CLI 1.0.10: github.com/github/copilot-cli/issues/903 (the maintainers'
    // answer); `env` itself: docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers.
    env: table('env', (name) => `\${${name}}`),
  },
  // opencode: one array holds the command and its arguments; a server without `enabled` is refused.
  opencode: {
    id: 'opencode',
    format: 'jsonc',
    key: 'mcp',
    project: 'opencode.json',
    user: (place) => pathFor(place).join(configHome(place), 'opencode', 'opencode.json'),
    entry: (t) =>
      t.kind === 'stdio'
        ? { type: 'local', command: [t.command, ...t.args], enabled: true }
        : { type: 'remote', url: t.url, ...bearer(`{env:${t.tokenVariable}}`), enabled: true },
    // `{env:VAR}` in `environment`: opencode.ai/docs/mcp-servers (local), opencode.ai/docs/config (variables).
    env: table('environment', (name) => `{env:${name}}`),
  },
  // Zed reads no variables in its settings, so a bearer token's header is the person's to add.
  zed: {
    id: 'zed',
    format: 'jsonc',
    key: 'context_servers',
    project: '.zed/settings.json',
    user: configFile(['zed', 'settings.json'], ['Zed', 'settings.json']),
    entry: (t) => (t.kind === 'stdio' ? stdio(t) : { url: t.url }),
    userKeys: ['headers'],
    // No reference syntax: `env` values are passed as written (zed.dev/docs/ai/mcp).
    env: NO_ENV,
  },
  // goose: the extension repeats its name; a header reads `$VAR` from the variables `env_keys` lists.
  goose: {
    id: 'goose',
    format: 'yaml',
    key: 'extensions',
    user: configFile(['goose', 'config.yaml'], ['Block', 'goose', 'config', 'config.yaml']),
    entry: (t, name) =>
      t.kind === 'stdio'
        ? { type: 'stdio', name, enabled: true, cmd: t.command, args: [...t.args], timeout: 300 }
        : {
            type: 'streamable_http',
            name,
            enabled: true,
            uri: t.url,
            ...bearer(`$${t.tokenVariable}`),
            env_keys: [t.tokenVariable],
            timeout: 300,
          },
    userKeys: ['envs', 'env_keys'],
    // `env_keys` lists variables goose reads from its environment or keyring: goose-docs.ai/docs/guides/config-files.
    env: { kind: 'list', key: 'env_keys' },
  },
};

/** The data of one client. */
export const clientSpec = (id: ClientId): ClientSpec => CLIENT_SPECS[id];
/** True when the client can pass a variable of its environment to a server by name (`--env`). */
export const passesVariables = (id: ClientId): boolean => CLIENT_SPECS[id].env.kind !== 'none';
