/**
 * What an adapter checks on every start, before anything else of burgee loads: does this argv ask
 * for a surface burgee adds? It reads the two tables it needs (flags, synthesised commands) and
 * nothing else, so a run that uses no surface pays for one scan (N1); the adapters' entries are
 * bundled with their own copy of these few modules (scripts/bundle.mjs), never the shared core.
 */
import { type ForeignFlag, GLOBAL_FLAGS, type GlobalFlag, globalFlag } from '../manifest/globals.js';
import { SYNTHESISED_COMMANDS, type SynthesisedRow } from '../manifest/synthesised.js';

/** The flags burgee adds to a foreign program: the rows of the global flag table marked `foreign`. */
export const SURFACE_FLAGS: readonly SurfaceFlag[] = (GLOBAL_FLAGS as readonly GlobalFlag[])
  .filter((row) => row.foreign === true)
  .map((row) => globalFlag(row) as SurfaceFlag);
export type SurfaceFlag = ForeignFlag;

/** One of burgee's flags where it was typed: its position in argv. */
export type SurfaceWord = { flag: SurfaceFlag; at: number };

/**
 * How a host reads a command line: the positions of the words it takes as values rather than as
 * flags (an option's value, a pass-through argument), so that `--message --json` gives `--json` to
 * `--message` where the host would. Absent: every word that looks like a flag is one.
 */
export type ValuesOf = (args: readonly string[]) => ReadonlySet<number>;

/**
 * How a host reads a command line: `valuesOf` (above), and `declares`, true when the command the line
 * reaches (or one it goes through) declares a surface flag itself, which then stays the program's
 * there (F3). Without `declares`, a flag the manifest names in `shadows` is the program's everywhere.
 */
export type HostReading = { valuesOf?: ValuesOf; declares?: (args: readonly string[], flag: SurfaceFlag) => boolean };

/**
 * burgee's flags as typed before `--`, in order, leaving out those the program declares itself (F3)
 * and those the host takes as values (`valuesOf`). The word after `--explain` is its option's
 * name, never a flag of its own; the host never sees the two, so its reading is taken again
 * without them.
 */
export function findSurfaces(
  args: readonly string[],
  declares: (flag: SurfaceFlag) => boolean,
  valuesOf?: ValuesOf,
): SurfaceWord[] {
  const found = scan(args, declares, valuesOf?.(args));
  const explain = found.find((word) => word.flag === '--explain');
  if (valuesOf === undefined || explain === undefined) return found;
  const kept = args.map((_, at) => at).filter((at) => at !== explain.at && at !== explain.at + 1);
  const values = [...valuesOf(kept.map((at) => args[at]!))].map((index) => kept[index]!);
  return scan(args, declares, new Set(values));
}

function scan(args: readonly string[], declares: (flag: SurfaceFlag) => boolean, values?: ReadonlySet<number>) {
  const found: SurfaceWord[] = [];
  for (let at = 0; at < args.length; at++) {
    if (values?.has(at) === true) continue;
    const word = args[at]!;
    if (word === '--') break;
    if (!isSurfaceFlag(word) || declares(word)) continue;
    found.push({ flag: word, at });
    if (word === '--explain') at++;
  }
  return found;
}

/**
 * The surface flag that decides a run (see findSurfaces), if any: `--schema`, `--mcp` and the like
 * are burgee's own answers and win; then `--explain`, which the host's parse answers; then `--json`,
 * the host's run with an envelope.
 */
export function findSurface(
  args: readonly string[],
  declares: (flag: SurfaceFlag) => boolean,
  valuesOf?: ValuesOf,
): SurfaceFlag | undefined {
  const typed = findSurfaces(args, declares, valuesOf).map((word) => word.flag);
  return (
    typed.find((flag) => flag !== '--json' && flag !== '--explain') ??
    typed.find((flag) => flag === '--explain') ??
    typed[0]
  );
}

/**
 * What burgee answers in the program's stead for a command line it took, as a person would name it
 * (`--schema`, `mcp`), or undefined when the line is a run of the program (`--json`) or is under
 * `burgee dev`, which imports the program rather than running it.
 */
export function answerOf(
  args: readonly string[],
  declares: (flag: SurfaceFlag) => boolean,
  valuesOf?: ValuesOf,
): string | undefined {
  if (underDev()) return undefined;
  const surface = findSurface(args, declares, valuesOf);
  if (surface === '--json') return undefined;
  return surface ?? args.find((word) => word !== '--json');
}

/**
 * Where `--json` was typed (positions in `args`) when it is the surface that decides the run (a
 * run of the program with an envelope), else undefined.
 */
export function jsonWords(
  args: readonly string[],
  declares: (flag: SurfaceFlag) => boolean,
  valuesOf?: ValuesOf,
): number[] | undefined {
  const words = findSurfaces(args, declares, valuesOf);
  if (words.length === 0 || words.some((word) => word.flag !== '--json')) return undefined;
  return words.map((word) => word.at);
}

/** True when some word is spelled as one of burgee's flags: only then is a host's own reading of argv worth making. */
export const mentionsSurface = (args: readonly string[]): boolean => args.some(isSurfaceFlag);

const isSurfaceFlag = (word: string): word is SurfaceFlag => (SURFACE_FLAGS as readonly string[]).includes(word);

/** The commands burgee adds to a foreign program: the synthesised ones marked `foreign` (all but `help`). */
export const ADDED_COMMANDS: readonly string[] = (SYNTHESISED_COMMANDS as readonly SynthesisedRow[])
  .filter((row) => row.foreign)
  .map((row) => row.name);

/**
 * True when the first word (past `--json`) names a command burgee adds, the program has none of that
 * name, and its root does not read such a word as its own (`takesWords`: a default command, F1).
 */
export function namesAddedCommand(
  args: readonly string[],
  declares: (name: string) => boolean,
  takesWords = false,
): boolean {
  const word = args.find((w) => w !== '--json');
  return word !== undefined && !takesWords && ADDED_COMMANDS.includes(word) && !declares(word);
}

/** Where `burgee dev` waits for the program an entry runs (the run host's key, restated to load nothing). */
export const DEV_KEY = Symbol.for('burgee.run-host');

/** True while `burgee dev` imports an entry: a program that runs itself hands itself over instead. */
export const underDev = (): boolean => (globalThis as Record<symbol, unknown>)[DEV_KEY] !== undefined;

/** Where an adapter command keeps its declared effects, read when the manifest is built. */
export const EFFECTS = Symbol.for('burgee.effects');

/** The method by which an adapter program gives its burgee program (for `burgee dev`, tests, `serveMcp`). */
export const AS_PROGRAM = Symbol.for('burgee.asProgram');

/** Hands a program that runs itself under `burgee dev` over to it, instead of parsing dev's own argv. */
export function handToDev(program: Promise<unknown>): void {
  const dev = (globalThis as Record<symbol, { take(program: Promise<unknown>): void } | undefined>)[DEV_KEY];
  dev?.take(program);
}

/** What an adapter's on-demand module gives: the public `run`, and the stdout diversion it needs. */
type Start = {
  run(program: never, options: { argv: readonly string[] }): Promise<never>;
  divertUncapturedStdout(): () => void;
};

/**
 * Runs a program whose argv asked for a surface: hands it to `burgee dev` when that is importing
 * it, else runs it as this process. A declaration burgee refuses (an effects value of no kind) is
 * the author's to fix: its message on stderr and exit 1, no stack trace.
 *
 * From the moment burgee takes the run, stdout carries burgee's document only (E3, M5): what the
 * program writes itself goes to stderr, including what runs after a synchronous `parse()` returns,
 * before the rest of burgee has loaded.
 */
export async function runSurface(
  program: Promise<unknown>,
  argv: readonly string[],
  start: () => Promise<Start>,
): Promise<void> {
  if (underDev()) return handToDev(program);
  const undivert = divertStdout();
  let ready: unknown;
  try {
    ready = await program;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
    releaseExit();
    return;
  }
  const { run, divertUncapturedStdout } = await start();
  // No await between the two: the program's writes never reach stdout in between.
  undivert();
  divertUncapturedStdout();
  releaseExit();
  await run(ready as never, { argv });
}

/** Sends what the program writes to stdout to stderr until the returned function puts it back. */
function divertStdout(): () => void {
  const { stdout, stderr } = process;
  const own = stdout.write;
  stdout.write = ((...args: Parameters<typeof stderr.write>) => stderr.write(...args)) as typeof stdout.write;
  return () => {
    stdout.write = own;
  };
}

/** The mark of what a synchronous parse throws once burgee has taken the run (registered: any copy of burgee knows it). */
export const TAKEN = Symbol.for('burgee.taken');

/** True for what `stopAfterParse` throws. */
export const isTaken = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[TAKEN] === true;

/**
 * Ends the program's own code after a synchronous `parse()` that burgee answers (`--schema`, `--mcp`,
 * `mcp config`…): the parse has no result to give, and code that reads one would crash, print its
 * help or run its work with nothing (F1). It throws, as `--help` exits, and the throw reaches no one:
 * burgee's run carries on and ends the process itself. A program that catches it sees this message.
 */
export function stopAfterParse(surface: string): never {
  ignoreTaken();
  holdExit();
  const stop = new Error(`burgee answers this run (${surface}): the program's code after parse() does not run`);
  throw Object.assign(stop, { [TAKEN]: true });
}

let ignoring = false;

/** `process.exit` as it was before `holdExit`, while burgee's run has not yet begun. */
let heldExit: typeof process.exit | undefined;

/**
 * Until burgee's run begins, `process.exit` ends nothing: a program that hears of the throw anyway
 * (its own 'uncaughtException' listener, a catch around its whole run) and exits would cut off the
 * answer burgee is about to give. What it prints goes to stderr, as all it prints from then on.
 */
function holdExit(): void {
  if (heldExit !== undefined) return;
  heldExit = process.exit;
  process.exit = (() => undefined) as unknown as typeof process.exit;
}

/** Gives `process.exit` back: burgee's run, about to begin, ends the process itself. */
function releaseExit(): void {
  if (heldExit === undefined) return;
  process.exit = heldExit;
  heldExit = undefined;
}

/**
 * Swallows the throw of `stopAfterParse` wherever it lands uncaught: at a module's top level, in an
 * async function. Any other error is left as Node leaves it: when nothing else listens, written with
 * its stack, and the process ends with 1.
 */
function ignoreTaken(): void {
  if (ignoring) return;
  ignoring = true;
  const listener = (error: unknown) => {
    if (isTaken(error)) return;
    if (process.listenerCount('uncaughtException') + process.listenerCount('unhandledRejection') > 2) return;
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', listener);
  process.on('unhandledRejection', listener);
}

/**
 * What yargs' `parse()` gives once burgee has taken the run: a promise that never settles, so a
 * program that awaits it waits for burgee's run to end the process, and whose properties stop one
 * that reads it at once (`parse()._`).
 */
export function takenResult(surface: string): unknown {
  const pending = new Promise<never>(() => {});
  return new Proxy(pending, {
    get: (target, key) =>
      key === 'then' || key === 'catch' || key === 'finally'
        ? Reflect.get(target, key).bind(target)
        : stopAfterParse(surface),
  });
}
