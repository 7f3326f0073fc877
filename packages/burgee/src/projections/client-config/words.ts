/** The words `mcp` takes besides a client (K1): `mcp <action> <client> [options]`. */
export const MCP_ACTIONS = ['config', 'install'] as const;
export const SCOPES = ['project', 'user'] as const;
export type Scope = (typeof SCOPES)[number];

/** One option of `mcp config|install`: its flag, the value it takes as help shows it, and what it does. */
export type McpOption = {
  readonly flag: string;
  readonly value?: string;
  /** Given more than once, each adds one value. */
  readonly repeatable?: boolean;
  /** Only `install` takes it. */
  readonly installOnly?: boolean;
  readonly description: string;
};

/**
 * The options of `mcp config|install`, as one table: the parser, the help, the usage line and the
 * completion scripts read it. `--token-env`'s default depends on the program, so help says it.
 */
export const MCP_OPTIONS = [
  {
    flag: '--scope',
    value: 'project|user',
    description:
      "the client's file for this folder (project, the default) or yours (user); a client with no project file always uses its user file",
  },
  {
    flag: '--dry-run',
    installOnly: true,
    description: 'show what install would change, and write nothing',
  },
  {
    flag: '--http',
    value: '<url>',
    description: 'name the URL of a server already running over HTTP (--mcp --http) instead of a command to start',
  },
  {
    flag: '--token-env',
    value: '<name>',
    description: 'with --http: the variable the client reads the bearer token from; the token is never written',
  },
  {
    flag: '--env',
    value: '<name>',
    repeatable: true,
    description:
      'have the client pass this variable of its own environment to the server, by name: its value is never written (repeat for more)',
  },
] as const satisfies readonly McpOption[];

/** The options that take a value (`--scope user`, `--env=NAME`). */
export const MCP_VALUE_FLAGS = MCP_OPTIONS.filter((option) => 'value' in option).map((option) => option.flag);

/** An option as the usage line shows it: `[--http <url>]`, `[--env <name>...]`. */
export const optionUsage = (option: McpOption): string =>
  `[${option.flag}${option.value === undefined ? '' : ` ${option.value}`}${option.repeatable ? '...' : ''}]`;

export { isVariableName } from '../../manifest/names.js';
