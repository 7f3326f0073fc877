/**
 * `burgee/commander`: the real commander, whose programs also answer `--json`, `--schema` and
 * `--mcp` (F1). Only this file loads with the program; the rest of burgee loads when a run asks
 * for one of those surfaces, so a run that uses none costs one scan of argv.
 */

import type * as Commander from 'commander';
import type { ParseOptions } from 'commander';
import type { Program } from '../../declaration/types.js';
import { answerOf, findSurface, jsonWords, mentionsSurface, namesAddedCommand } from '../../host/surfaces.js';
import { AS_PROGRAM, EFFECTS, runSurface, stopAfterParse, underDev } from '../../host/take-run.js';
import { runWholeProcess } from '../../host/whole-process.js';
import type { Effects } from '../../manifest/types.js';
import { loadHost } from '../host-library.js';
import { reachesAction } from './reached.js';
import { takesWords } from './takes-words.js';
import { commanderValues, declaresOnLine } from './values.js';

// `require('commander')`, the commander an `import` of it gets too, whose exports the names below
// restate, as its esm.mjs does (test/adapters.exports.test.ts holds it); without commander
// installed, a clear error. This entry is built as CommonJS (scripts/bundle.mjs): a program pays
// for no module of burgee's but this one (N1).
const commander = loadHost<typeof Commander>('commander', import.meta.url);

export type * from 'commander';
export const { Argument, Option, Help, CommanderError, InvalidArgumentError, createArgument, createOption } = commander;
export type Argument = Commander.Argument;
export type Option = Commander.Option;
export type Help = Commander.Help;
export type CommanderError = Commander.CommanderError;
export type InvalidArgumentError = Commander.InvalidArgumentError;
/** commander's deprecated name of `InvalidArgumentError`. */
export const InvalidOptionArgumentError = commander.InvalidOptionArgumentError;
export type InvalidOptionArgumentError = Commander.InvalidArgumentError;
const CommanderCommand = commander.Command;
type CommanderCommand = Commander.Command;

/** commander's `Command`, with `.effects()` and the surfaces burgee adds. */
export class Command extends CommanderCommand {
  /**
   * What running this command does to the world (M2); a command that declares nothing is
   * `undeclared`. Checked when burgee first reads the program, so a run that uses no surface of
   * burgee's loads nothing of it.
   */
  effects(value: Effects): this {
    (this as { [EFFECTS]?: Effects })[EFFECTS] = value;
    return this;
  }

  /** commander's `action`; what the action returns (or resolves to) is the `--json` data (F4). */
  // biome-ignore lint/suspicious/noExplicitAny: commander's own signature; its arguments depend on the declaration
  override action(fn: (this: this, ...args: any[]) => unknown): this {
    return super.action(fn as Parameters<CommanderCommand['action']>[0]);
  }

  override createCommand(name?: string): Command {
    return new Command(name);
  }

  override parse(argv?: readonly string[], parseOptions?: ParseOptions): this {
    if (!this.#claims(argv, parseOptions)) return super.parse(argv, parseOptions);
    // A `--json` run that reaches no action: the program's work follows this parse, so the run is its whole process.
    const args = userArgs(argv, parseOptions);
    const valuesOf = (words: readonly string[]) => commanderValues(this, words);
    const json = underDev() ? undefined : jsonWords(args, (flag) => declaresOnLine(this, args, flag), valuesOf);
    if (json !== undefined && !reachesAction(this, withoutWords(args, json))) runWholeProcess(this.name(), args, json);
    void this.#serve(argv, parseOptions);
    // An answer of burgee's has no parse result: the code after parse() must not run without one.
    const answer = this.#answer(argv, parseOptions);
    if (answer !== undefined) stopAfterParse(answer);
    return this;
  }

  override async parseAsync(argv?: readonly string[], parseOptions?: ParseOptions): Promise<this> {
    if (!this.#claims(argv, parseOptions)) return super.parseAsync(argv, parseOptions);
    await this.#serve(argv, parseOptions);
    return this;
  }

  /** The burgee program of this commander program, for `runProgram`, `connectMcp` and `serveMcp`. */
  [AS_PROGRAM](scriptPath: string | undefined = process.argv[1]): Promise<Program> {
    return import('./start.js').then((start) => start.commanderProgram(this, scriptPath));
  }

  #claims(argv: readonly string[] | undefined, parseOptions: ParseOptions | undefined): boolean {
    const args = userArgs(argv, parseOptions);
    if (underDev()) return true;
    if (lineLeftToProgram) return false;
    // Read as commander reads them only when one of burgee's flags appears at all: `--message --json` is a value.
    const valuesOf = (words: readonly string[]) => commanderValues(this, words);
    if (mentionsSurface(args)) {
      if (findSurface(args, (flag) => declaresOnLine(this, args, flag), valuesOf)) return true;
      lineLeftToProgram = true;
    }
    const own = (name: string) => this.commands.some((c) => c.name() === name || c.aliases().includes(name));
    return namesAddedCommand(args, own, takesWords(this));
  }

  /** What burgee answers instead of the program (`--schema`, `mcp`…), or undefined for a run of its own (`--json`). */
  #answer(argv: readonly string[] | undefined, parseOptions: ParseOptions | undefined): string | undefined {
    const args = userArgs(argv, parseOptions);
    const valuesOf = (words: readonly string[]) => commanderValues(this, words);
    return answerOf(args, (flag) => declaresOnLine(this, args, flag), valuesOf);
  }

  async #serve(argv: readonly string[] | undefined, parseOptions: ParseOptions | undefined): Promise<void> {
    const scriptPath = parseOptions?.from === 'user' ? process.argv[1] : (argv ?? process.argv)[1];
    await runSurface(this[AS_PROGRAM](scriptPath), userArgs(argv, parseOptions), () => import('./start.js'));
  }
}

/**
 * Set once a parse leaves the burgee flags typed on the line to the program (F3): a parse the
 * program's action makes later in the same process (webpack-cli parses its command again, once its
 * action has declared webpack's options) belongs to the same person's line, so it is the program's too.
 */
let lineLeftToProgram = false;

/** commander's default program, made with burgee's `Command`. */
export const program = new Command();

/** commander's `createCommand`, returning burgee's `Command`. */
export const createCommand = (name?: string): Command => new Command(name);

/** The burgee program of a commander program: `runProgram(await asProgram(cmd), argv)` in tests. */
export const asProgram = (command: Command): Promise<Program> => command[AS_PROGRAM]();

/** The words but those at `positions`. */
const withoutWords = (args: readonly string[], positions: readonly number[]): string[] =>
  args.filter((_, at) => !positions.includes(at));

/** The words commander would parse, found as commander finds them (its `from` conventions). */
function userArgs(argv: readonly string[] | undefined, parseOptions: ParseOptions | undefined): readonly string[] {
  if (parseOptions?.from === 'user') return argv ?? [];
  const words = argv ?? process.argv;
  const evaluated = argv === undefined && process.execArgv.some((a) => ['-e', '--eval', '-p', '--print'].includes(a));
  return words.slice(evaluated ? 1 : 2);
}
