import type { CompleteRequest, Program } from '../../declaration/types.js';
import type { Manifest } from '../../manifest/types.js';
import type { Io } from '../io.js';
import type { Reporter } from '../report.js';
import { runMcp } from './client-config-command.js';
import { runComplete, runCompletion } from './completion-command.js';
import { runHelp } from './help-command.js';

/** A `complete` function, wherever it was declared. */
export type Completer = (request: CompleteRequest) => readonly string[] | Promise<readonly string[]>;

/**
 * Finds the `complete` function of the flag `flag` (as typed: long or short) of the command at
 * `path`. The seam through which programs that were not declared with `defineCommand` (the
 * commander and yargs adapters) offer dynamic completion.
 */
export type CompleterResolver = (path: readonly string[], flag: string) => Completer | undefined;

/** What a synthesised command receives: the words after its name, and the run it belongs to. */
export type SynthesisedCall = {
  program: Program;
  manifest: Manifest;
  io: Io;
  report: Reporter;
  words: string[];
  completer: CompleterResolver;
  /** Runs another argv against the same program (how `help deploy` becomes `deploy --help`). */
  rerun: (argv: readonly string[]) => Promise<number>;
};

/** A command burgee adds to every program; never part of its manifest, `--schema` or tool list (K3). */
export type SynthesisedCommand = {
  name: string;
  usage: string;
  summary: string;
  /** Hidden commands are for the generated scripts, not for people: left out of help and completions. */
  hidden: boolean;
  /** Small and bundled with the runtime; what is heavy (scripts, TOML) each loads with `import()` (N1). */
  run: (call: SynthesisedCall) => Promise<number>;
};

/** The synthesised commands, in the order help lists them (K3, C1, C2, K1). */
export const SYNTHESISED: readonly SynthesisedCommand[] = [
  {
    name: 'help',
    usage: 'help [command...]',
    summary: 'show help for a command',
    hidden: false,
    run: (call) => runHelp(call),
  },
  {
    name: 'completion',
    usage: 'completion <bash|zsh|fish|pwsh>',
    summary: 'print a shell completion script',
    hidden: false,
    run: (call) => runCompletion(call),
  },
  {
    name: 'mcp',
    usage: 'mcp <config|install> <client>',
    summary: "register this program with an agent's MCP client",
    hidden: false,
    run: (call) => runMcp(call),
  },
  {
    name: '__complete',
    usage: '__complete <word...>',
    summary: 'print completion candidates (called by the completion scripts)',
    hidden: true,
    run: (call) => runComplete(call),
  },
];

/**
 * The synthesised command an argv names, if any: the first word that is not a flag, with only
 * `--json` before it. A program that declares a command of the same name keeps its own, and a
 * one-command program that takes positionals reads every word as its own (K3).
 */
export function findSynthesised(
  manifest: Manifest,
  argv: readonly string[],
): { command: SynthesisedCommand; words: string[] } | undefined {
  const index = argv.findIndex((word) => word !== '--json');
  const name = argv[index];
  if (name === undefined || name.startsWith('-')) return undefined;
  const command = SYNTHESISED.find((c) => c.name === name);
  if (command === undefined || !offers(manifest, name)) return undefined;
  return { command, words: [...argv.slice(0, index), ...argv.slice(index + 1)] };
}

/** True when `name` is free for burgee to synthesise in this program. */
export function offers(manifest: Manifest, name: string): boolean {
  const root = manifest.root;
  if (root.commands.some((c) => c.name === name)) return false;
  return root.commands.length > 0 || root.arguments.length === 0;
}

/** The synthesised commands a person may see in this program: help and completions list these. */
export const visibleSynthesised = (manifest: Manifest): SynthesisedCommand[] =>
  SYNTHESISED.filter((c) => !c.hidden && offers(manifest, c.name));
