/**
 * The commands burgee adds to every program (K3, C1, C2, K1), beside the table of global flags. They
 * are not part of any program's manifest: `--schema` and the MCP tool list never show them; help
 * lists the visible ones at the root, and completion scripts offer them.
 *
 * A row says:
 * - `name`: the word that names it; a program that declares a command of that name keeps its own;
 * - `usage`: its usage after the program name, as help shows it;
 * - `help`: its line in the root help;
 * - `hidden`: true for the command the completion scripts call (`__complete`), which people never type;
 * - `foreign`: true when a program read from commander or yargs gains it too (F1, F2); `help` stays
 *   the host's own there;
 * - `forTasks`: true when only a program with a command that may run as a task gains it (B3).
 */
export const SYNTHESISED_COMMANDS = [
  { name: 'help', usage: 'help [command...]', help: 'show help for a command', hidden: false, foreign: false },
  {
    name: 'completion',
    usage: 'completion <bash|zsh|fish|pwsh>',
    help: 'print a shell completion script',
    hidden: false,
    foreign: true,
  },
  {
    name: 'mcp',
    usage:
      'mcp <config|install> <client> [--scope project|user] [--dry-run] [--http <url>] [--token-env <name>] [--env <name>...]',
    help: "register this program with an agent's MCP client",
    hidden: false,
    foreign: true,
  },
  {
    name: 'skills',
    usage: 'skills <print [<group>...]|add [--agent <id>...|--all] [--scope project|user] [--dry-run]>',
    help: 'print or add a SKILL.md that teaches agents this program',
    hidden: false,
    foreign: true,
  },
  {
    name: 'tasks',
    usage: 'tasks <list|status <id>|result <id>|cancel <id>>',
    help: 'follow the commands started with --detach',
    hidden: false,
    foreign: false,
    forTasks: true,
  },
  {
    name: '__complete',
    usage: '__complete <word...>',
    help: 'print completion candidates (the completion scripts call it)',
    hidden: true,
    foreign: true,
  },
] as const satisfies readonly SynthesisedRow[];

/** What `tasks` does with the tasks `--detach` started (B3). */
export const TASKS_ACTIONS = ['list', 'status', 'result', 'cancel'] as const;

/** One row of `SYNTHESISED_COMMANDS`. */
export type SynthesisedRow = {
  readonly name: string;
  readonly usage: string;
  readonly help: string;
  readonly hidden: boolean;
  readonly foreign: boolean;
  readonly forTasks?: boolean;
};

/** The name of a synthesised command. */
export type SynthesisedName = (typeof SYNTHESISED_COMMANDS)[number]['name'];

type Node = { readonly name: string; readonly task?: unknown; readonly commands?: readonly Node[] };

type Root = {
  readonly task?: unknown;
  readonly commands: readonly Node[];
  readonly arguments: readonly unknown[];
  readonly takesWords?: boolean;
};

/**
 * True when `name` is free for burgee in this program: no command of its own has it, and the program
 * has subcommands, or runs one command that takes no positionals (else every word is its argument).
 * A root that reads any word it does not know as its own (a default command) offers none: `lint mcp`
 * must lint a folder named mcp, as it did before the adapter (F1).
 */
export function offers(root: Root, name: SynthesisedName): boolean {
  if (root.takesWords === true || root.commands.some((c) => c.name === name)) return false;
  const row: SynthesisedRow | undefined = SYNTHESISED_COMMANDS.find((r) => r.name === name);
  if (row?.forTasks === true && !runsAsTask(root)) return false;
  return root.commands.length > 0 || root.arguments.length === 0;
}

const runsAsTask = (node: Pick<Node, 'task' | 'commands'>): boolean =>
  node.task !== undefined || (node.commands ?? []).some(runsAsTask);

/** The synthesised commands a person may see in this program: help and completions list these. */
export const visibleSynthesised = (root: Root): SynthesisedRow[] =>
  SYNTHESISED_COMMANDS.filter((row) => !row.hidden && offers(root, row.name));

/**
 * The synthesised command an argv names, if any: the first word that is not `--json` (K3), and the
 * words left once that name is taken out.
 */
export function findSynthesised(
  root: Root,
  argv: readonly string[],
): { row: SynthesisedRow & { name: SynthesisedName }; words: string[] } | undefined {
  const index = argv.findIndex((word) => word !== '--json');
  const name = argv[index];
  if (name === undefined || name.startsWith('-')) return undefined;
  const row = SYNTHESISED_COMMANDS.find((r) => r.name === name);
  if (row === undefined || !offers(root, row.name)) return undefined;
  return { row, words: [...argv.slice(0, index), ...argv.slice(index + 1)] };
}
