import type { CompleteRequest, Program } from '../declaration/types.js';
import type { SynthesisedName } from '../manifest/synthesised.js';
import type { Manifest } from '../manifest/types.js';
import type { Reporter, RunResult } from '../pipeline/report.js';
import type { Io } from '../process/io.js';

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
  rerun: (argv: readonly string[]) => Promise<RunResult>;
};

/**
 * What runs each row of the synthesised table, loaded with `import()` when the row is used: a run of
 * a declared command never pays for them (N1).
 */
export const SYNTHESISED_RUNS: Record<SynthesisedName, (call: SynthesisedCall) => Promise<RunResult>> = {
  help: async (call) => (await import('./help-command.js')).runHelp(call),
  completion: async (call) => (await import('./completion-command.js')).runCompletion(call),
  mcp: async (call) => (await import('./client-config-command.js')).runMcp(call),
  skills: async (call) => (await import('./skills-command.js')).runSkills(call),
  tasks: async (call) => (await import('./tasks-command.js')).runTasks(call),
  __complete: async (call) => (await import('./completion-command.js')).runComplete(call),
};

/** Runs a synthesised command; `<name> --help` prints what `help <name>` prints, as for every declared command. */
export function runSynthesised(name: SynthesisedName, call: SynthesisedCall): Promise<RunResult> {
  if (name !== 'help' && name !== '__complete' && asksForHelp(call.words)) {
    return SYNTHESISED_RUNS.help({ ...call, words: [name] });
  }
  return SYNTHESISED_RUNS[name](call);
}

/** `--help` or `-h` among the words before `--`. */
function asksForHelp(words: readonly string[]): boolean {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).some((word) => word === '--help' || word === '-h');
}
