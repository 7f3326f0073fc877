/**
 * The flags burgee reads on every program, whatever its commands declare: the one table the parser,
 * the reserved option names (D5), help's global rows (H2), typo suggestions (E8) and the MCP
 * argument keys a tool call may not use (M3) are all derived from.
 *
 * To add a flag, add a row; nothing else lists flags. A row says:
 * - `name`: the flag without its dashes (`no-config`); its key in `Globals` and as an MCP argument
 *   is the camelCase form (`noConfig`), so an undeclared argument of that name is refused (M3);
 * - `value`: the placeholder when it takes a value (`--explain <option>`), absent for a switch;
 * - `at`: where it is valid: `any` command, only the `root`, or only a `runnable` command;
 * - `with`: another row that must be given too (`field` only with `schema`; an HTTP option would
 *   name `mcp`); elsewhere the flag is refused with a fix that adds it;
 * - `config`: true when the flag exists only in programs that read config files (P3);
 * - `help`: its line in the help's "Global options", shown where valid (`listed: 'root'` narrows
 *   it, `listed: 'task'` to the commands that declare `task`); absent for flags help leaves out;
 * - `reserved`: true when a native declaration may not declare an option of that name (D5);
 *   otherwise a declared option of that name wins on that command;
 * - `spells`: true for another spelling of `--json` (`--format json`, E2); any other value is unknown;
 * - `secret`: true when its value must never be printed, not even in a `fix` line (`--token`, M7);
 * - `mcp`: what it means beside `--mcp` (M10): `serves` (it shapes the server itself), `applies` (every
 *   tool call runs as if it had been typed: `--config`, `--no-config`; `--json`, which every result
 *   already is), `first` (shown instead of serving, as everywhere: `--help`), or `refused` (a surface
 *   of its own that a server cannot also be: refused with exit 2 rather than silently ignored);
 * - `repeats`: true when it may be given more than once; the values are kept, joined with commas;
 * - `foreign`: true when a program read from commander or yargs gains it too (F1, F2): typed there,
 *   and not declared by the program itself (F3), the run is burgee's; the adapters scan argv for these.
 * Order is the help's order. Synthesised commands (`completion`, `help`, `mcp`) are not flags: they
 * will get a table of their own beside this one.
 */
export const GLOBAL_FLAGS = [
  { name: 'json', mcp: 'applies', at: 'any', help: 'print one JSON envelope', reserved: true, foreign: true },
  // Asked for by agents that read many results (N5): the contract's envelope stays the default (E3).
  { name: 'lean', mcp: 'refused', at: 'any', with: 'json', reserved: false },
  {
    name: 'explain',
    mcp: 'refused',
    value: 'option',
    at: 'any',
    listed: 'runnable',
    help: "show where an option's value comes from; runs nothing",
    reserved: true,
    foreign: true,
  },
  {
    name: 'config',
    mcp: 'applies',
    value: 'path',
    at: 'any',
    config: true,
    help: 'read option values from this JSON file',
    reserved: true,
  },
  { name: 'no-config', mcp: 'applies', at: 'any', config: true, help: 'read no config file', reserved: true },
  {
    name: 'schema',
    mcp: 'refused',
    at: 'any',
    listed: 'root',
    help: 'print every command, option and exit code as JSON',
    reserved: true,
    foreign: true,
  },
  {
    name: 'llms',
    mcp: 'refused',
    at: 'any',
    listed: 'root',
    help: 'print every command as a Markdown index for agents',
    reserved: false,
    foreign: true,
  },
  {
    name: 'mcp',
    mcp: 'serves',
    at: 'root',
    help: 'serve this program over MCP (stdio, or HTTP: --http)',
    reserved: true,
    foreign: true,
  },
  // MCP over HTTP (M7). Help names --http on the --mcp line only; the docs cover the rest.
  { name: 'http', mcp: 'serves', value: 'addr', at: 'root', with: 'mcp', reserved: false },
  {
    name: 'token',
    mcp: 'serves',
    value: 'token',
    at: 'root',
    with: 'http',
    secret: true,
    reserved: false,
  },
  {
    name: 'allow-origin',
    mcp: 'serves',
    value: 'origin',
    at: 'root',
    with: 'http',
    repeats: true,
    reserved: false,
  },
  {
    name: 'max-body',
    mcp: 'serves',
    value: 'size',
    at: 'root',
    with: 'http',
    reserved: false,
  },
  // B3: read anywhere, so the refusal says why (a group needs a command, a command must be a task);
  // listed only where it does something.
  {
    name: 'detach',
    mcp: 'refused',
    at: 'any',
    listed: 'task',
    help: 'run it in the background as a task; prints its id',
    reserved: false,
  },
  { name: 'version', mcp: 'refused', at: 'any', listed: 'root', help: 'print the version', reserved: true },
  { name: 'help', mcp: 'first', short: 'h', at: 'any', help: 'show help', reserved: true },
  { name: 'field', mcp: 'refused', value: 'path', at: 'any', with: 'schema', reserved: false },
  { name: 'budget', mcp: 'refused', value: 'n', at: 'any', with: 'schema', reserved: false },
  { name: 'full', mcp: 'refused', at: 'any', with: 'schema', reserved: false },
  { name: 'page', mcp: 'refused', value: 'n', at: 'any', with: 'schema', reserved: false },
  { name: 'all', mcp: 'first', at: 'any', with: 'help', reserved: false },
  { name: 'format', mcp: 'applies', value: 'json', at: 'any', spells: true, reserved: false },
  { name: 'output', mcp: 'applies', value: 'json', at: 'any', spells: true, reserved: false },
] as const satisfies readonly GlobalFlag[];

/** One row of `GLOBAL_FLAGS`; see the table for what each field means. */
export type GlobalFlag = {
  readonly name: string;
  readonly value?: string;
  readonly short?: string;
  readonly at: 'any' | 'root' | 'runnable';
  readonly with?: string;
  readonly config?: boolean;
  readonly listed?: 'root' | 'runnable' | 'task';
  readonly help?: string;
  readonly reserved: boolean;
  readonly spells?: boolean;
  readonly secret?: boolean;
  readonly repeats?: boolean;
  readonly foreign?: boolean;
  readonly mcp: 'serves' | 'applies' | 'first' | 'refused';
};

type Row = (typeof GLOBAL_FLAGS)[number];
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** Every global flag's key, camelCase. */
export type GlobalKey = Camel<Exclude<Row, { spells: true }>['name']>;

/** A help screen lists at most this many commands (and as many groups) unless asked for all (`--all`). */
export const HELP_COMMAND_LIMIT = 50;

/** What the caller gave of each global flag: switches as booleans, valued flags as their text. */
export type Globals = {
  [R in Exclude<Row, { spells: true }> as Camel<R['name']>]: R extends { value: string } ? string | undefined : boolean;
};

/** The camelCase key of a row, as `Globals` and MCP arguments name it. */
export const globalKey = (row: GlobalFlag): string => KEYS.get(row) ?? camelCase(row.name);

const camelCase = (name: string): string => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// Derived once: the parser reads them on every run, and an MCP server runs a command per call.
const ROWS = GLOBAL_FLAGS as readonly GlobalFlag[];
const KEYS: ReadonlyMap<GlobalFlag, string> = new Map(ROWS.map((row) => [row, camelCase(row.name)]));
const WITH_CONFIG: readonly GlobalFlag[] = ROWS;
const WITHOUT_CONFIG: readonly GlobalFlag[] = ROWS.filter((row) => row.config !== true);
const BY_FLAG = (rows: readonly GlobalFlag[]) => new Map(rows.map((row) => [globalFlag(row), row]));
const WITH_CONFIG_BY_FLAG = BY_FLAG(WITH_CONFIG);
const WITHOUT_CONFIG_BY_FLAG = BY_FLAG(WITHOUT_CONFIG);
const EMPTY: Readonly<Record<string, boolean | undefined>> = Object.fromEntries(
  ROWS.filter((row) => row.spells !== true).map((row) => [globalKey(row), row.value === undefined ? false : undefined]),
);

/** The flags a program read from commander or yargs gains (F1, F2): the rows marked `foreign`. */
export type ForeignFlag = `--${Extract<Row, { foreign: true }>['name']}`;

/** The `--flag` of a row. */
export function globalFlag(row: GlobalFlag): string {
  return `--${row.name}`;
}

/** Nothing given yet: every switch off, every value absent. */
export const emptyGlobals = (): Globals => ({ ...EMPTY }) as Globals;

/** The rows a program has: the config rows only when it reads config files. */
export const programGlobals = (program: { readonly config: boolean }): readonly GlobalFlag[] =>
  program.config ? WITH_CONFIG : WITHOUT_CONFIG;

/** The rows given beside `--mcp` that a server cannot honour (M10), in the table's order. */
export const refusedWithMcp = (given: Globals): GlobalFlag[] =>
  ROWS.filter((row) => row.mcp === 'refused' && row.spells !== true && isGiven(given, row));

const isGiven = (given: Globals, row: GlobalFlag): boolean => {
  const value = (given as Record<string, string | boolean | undefined>)[globalKey(row)];
  return value !== undefined && value !== false;
};

/** The row of a `--flag`, among those the program has. */
export const findGlobal = (program: { readonly config: boolean }, flag: string): GlobalFlag | undefined =>
  (program.config ? WITH_CONFIG_BY_FLAG : WITHOUT_CONFIG_BY_FLAG).get(flag);

/** True when a row is valid on a command: at its place, and beside the flag it needs (when it needs one). */
export function validAt(
  row: GlobalFlag,
  command: { readonly path: readonly string[]; readonly runnable: boolean },
  given: (name: string) => boolean,
): boolean {
  if (row.at === 'root' && command.path.length > 0) return false;
  if (row.at === 'runnable' && !command.runnable) return false;
  return row.with === undefined || given(row.with);
}

/** Option keys a native declaration may not use (D5); `config` and `noConfig` only in programs that read config files. */
export const reservedKeys = (program: { readonly config: boolean }): string[] =>
  programGlobals(program)
    .filter((row) => row.reserved)
    .map(globalKey);

/**
 * Argument keys a tool call may not use for anything its command does not declare (M3): written as
 * flags, they would reach burgee's own (`--help`, `--mcp`, `--config <file>` …) instead of the command.
 */
export const MCP_RESERVED_KEYS: ReadonlySet<string> = new Set(KEYS.values());
