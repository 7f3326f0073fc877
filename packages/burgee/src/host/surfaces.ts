/**
 * What an adapter checks on every start, before anything else of burgee loads: does this argv ask
 * for a surface burgee adds? It reads the two tables it needs (flags, synthesised commands) and
 * nothing else, so a run that uses no surface pays for one scan (N1); the adapters' entries are
 * bundled with their own copy of these few modules (scripts/bundle.mjs), never the shared core.
 */
import { type ForeignFlag, GLOBAL_FLAGS, type GlobalFlag, globalFlag } from '../manifest/globals.js';
import { SYNTHESISED_COMMANDS, type SynthesisedRow } from '../manifest/synthesised.js';
import { underDev } from './take-run.js';

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
