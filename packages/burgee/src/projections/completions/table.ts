import { type GlobalFlag, globalFlag, programGlobals } from '../../manifest/globals.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { listedAt } from '../help/global-options.js';
import { synthesisedNodes } from './synthesised.js';

/** A flag that takes a value, and where its candidates come from. */
export type ValueFlag = {
  /** Every spelling of the flag: `--channel`, and `-c` when it has a short letter. */
  spellings: string[];
  /** Static candidates (`choices`), printed into the script. */
  choices?: string[];
  /** True when a `complete` function supplies candidates at run time, through `<tool> __complete`. */
  dynamic: boolean;
};

/** What may follow one command path: its subcommands, its flags, and the flags that take a value. */
export type CompletionNode = {
  /** The command path after the program name, words joined by one space (`''` for the root). */
  path: string;
  commands: string[];
  /** Every flag offered after this command, `--no-x` forms, short letters and the global flags included. */
  flags: string[];
  values: ValueFlag[];
  /**
   * The choices of each positional argument, in order (an argument without choices holds none), when
   * any has them; the last repeats when it is variadic. The scripts ask `__complete` here: which
   * argument a word is depends on the words before it, counted in one place.
   */
  arguments?: { choices: (string[] | undefined)[]; variadic: boolean };
};

/** Every completion node of a program, in the shape all four shell scripts are written from (C1). */
export type CompletionTable = { name: string; nodes: CompletionNode[] };

/**
 * Builds the table the scripts are written from: hidden commands and options are left out,
 * withheld commands stay in (withholding concerns agents only, C1), and `--json`/`--help` are
 * everywhere. `extraCommands` are the synthesised commands offered at the root, each with what may
 * follow it.
 */
export function toCompletionTable(manifest: Manifest, extraCommands: readonly string[] = []): CompletionTable {
  const nodes: CompletionNode[] = [];
  const visit = (command: ManifestCommand): void => {
    nodes.push(toNode(manifest, command, command === manifest.root ? extraCommands : []));
    for (const child of command.commands) if (!child.hidden) visit(child);
  };
  visit(manifest.root);
  nodes.push(...synthesisedNodes(manifest, extraCommands));
  return { name: manifest.name, nodes };
}

function toNode(manifest: Manifest, command: ManifestCommand, extra: readonly string[]): CompletionNode {
  const options = command.options.filter((o) => !o.hidden);
  const own = new Set(command.commands.map((c) => c.name));
  const commands = [
    ...command.commands.filter((c) => !c.hidden).map((c) => c.name),
    ...extra.filter((name) => !own.has(name)),
  ];
  const flags = options.flatMap((option) => optionSpellings(option, manifest));
  const values = options.filter((o) => o.type !== 'boolean').map(toValueFlag);
  // burgee's own flags, as help lists them there; a declared option of the same spelling wins.
  for (const row of globalRows(manifest, command)) {
    const spellings = [globalFlag(row), ...(row.short === undefined ? [] : [`-${row.short}`])].filter(
      (spelling) => !flags.includes(spelling),
    );
    flags.push(...spellings);
    if (row.value !== undefined && spellings.length > 0) values.push(globalValue(row, spellings, options));
  }
  const node: CompletionNode = { path: command.path.join(' '), commands, flags, values };
  if (command.arguments.some((argument) => argument.choices !== undefined)) {
    node.arguments = {
      choices: command.arguments.map((argument) => argument.choices?.map(String)),
      variadic: command.arguments.at(-1)?.variadic === true,
    };
  }
  return node;
}

function optionSpellings(option: ManifestOption, manifest: Manifest): string[] {
  const spellings = [option.flag];
  if (offersNegation(option, manifest)) spellings.push(`--no-${option.flag.slice(2)}`);
  if (option.short !== undefined) spellings.push(`-${option.short}`);
  return spellings;
}

/**
 * `--no-x` is offered when something other than the command line can turn the option on: a default
 * of true, a variable, a config file. Otherwise off is what leaving the flag out already means, and
 * `--no-yes` beside a confirmation flag is noise (D3). Every shell reads this one table.
 */
const offersNegation = (option: ManifestOption, manifest: Manifest): boolean =>
  option.type === 'boolean' &&
  option.negatable &&
  (option.default === true || option.env !== undefined || manifest.config);

function toValueFlag(option: ManifestOption): ValueFlag {
  const value: ValueFlag = {
    spellings: option.short === undefined ? [option.flag] : [option.flag, `-${option.short}`],
    dynamic: option.dynamic,
  };
  if (option.choices !== undefined) value.choices = option.choices.map(String);
  return value;
}

/** The global rows help lists on this command (`--json`, `--help` everywhere), from the one table. */
const globalRows = (manifest: Manifest, command: ManifestCommand): GlobalFlag[] =>
  programGlobals(manifest).filter((row) => row.help !== undefined && listedAt(row, command));

/** A global flag's value: `--explain` names one of the command's options; anything else is a path. */
function globalValue(row: GlobalFlag, spellings: string[], options: readonly ManifestOption[]): ValueFlag {
  if (row.name !== 'explain') return { spellings, dynamic: false };
  return { spellings, dynamic: false, choices: options.map((o) => o.flag.slice(2)) };
}

/** One arm of the walk every script makes over the words typed so far. */
export type Step = { key: string } & ({ kind: 'command'; path: string } | { kind: 'value' });

/**
 * The walk as data: `"<path>:<word>"` either enters a subcommand or marks the next word as a
 * flag's value. Every script, and `__complete`, reads the words with these same steps.
 */
export function toSteps(table: CompletionTable): Step[] {
  return table.nodes.flatMap((node) => [
    ...node.commands
      .filter((name) => table.nodes.some((n) => n.path === join(node.path, name)))
      .map((name): Step => ({ key: `${node.path}:${name}`, kind: 'command', path: join(node.path, name) })),
    ...node.values.flatMap((value) =>
      value.spellings.map((spelling): Step => ({ key: `${node.path}:${spelling}`, kind: 'value' })),
    ),
  ]);
}

/** A flag's value source, keyed by every `"<path>:<spelling>"` that names it. */
export type ValueCase = { keys: string[] } & (
  | { kind: 'choices'; choices: string[] }
  | { kind: 'dynamic' }
  | { kind: 'free' }
);

/** How each value flag is completed: fixed choices, the program's `complete` function, or file names. */
export function toValueCases(table: CompletionTable): ValueCase[] {
  return table.nodes.flatMap((node) =>
    node.values.map((value): ValueCase => {
      const keys = value.spellings.map((spelling) => `${node.path}:${spelling}`);
      if (value.choices !== undefined) return { keys, kind: 'choices', choices: value.choices };
      return value.dynamic ? { keys, kind: 'dynamic' } : { keys, kind: 'free' };
    }),
  );
}

const join = (path: string, name: string): string => (path === '' ? name : `${path} ${name}`);
