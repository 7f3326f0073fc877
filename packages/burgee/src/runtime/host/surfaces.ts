/**
 * What an adapter checks on every start, before anything else of burgee loads: does this argv ask
 * for a surface burgee adds? Kept free of imports so a run that uses none pays for one scan (N1).
 */

/** The flags burgee adds to a foreign program, in the order they win when several are typed. */
export const SURFACE_FLAGS = ['--mcp', '--schema', '--json'] as const;
export type SurfaceFlag = (typeof SURFACE_FLAGS)[number];

/** The first surface flag typed before `--` that the program does not declare itself, if any. */
export function findSurface(
  args: readonly string[],
  declares: (flag: SurfaceFlag) => boolean,
): SurfaceFlag | undefined {
  const end = args.indexOf('--');
  const words = end === -1 ? args : args.slice(0, end);
  for (const flag of SURFACE_FLAGS) {
    if (words.includes(flag) && !declares(flag)) return flag;
  }
  return undefined;
}

/** The commands burgee adds to a foreign program: its synthesised ones but `help`, which stays the host's. */
export const ADDED_COMMANDS = ['completion', 'mcp', '__complete'] as const;

/** True when the first word (past `--json`) names a command burgee adds and the program has none of that name. */
export function namesAddedCommand(args: readonly string[], declares: (name: string) => boolean): boolean {
  const word = args.find((w) => w !== '--json');
  return word !== undefined && (ADDED_COMMANDS as readonly string[]).includes(word) && !declares(word);
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

/** What an adapter's on-demand module gives: the public `run`. */
type Start = { run(program: never, options: { argv: readonly string[] }): Promise<never> };

/**
 * Runs a program whose argv asked for a surface: hands it to `burgee dev` when that is importing
 * it, else runs it as this process. A declaration burgee refuses (an effects value of no kind) is
 * the author's to fix: its message on stderr and exit 1, no stack trace.
 */
export async function runSurface(
  program: Promise<unknown>,
  argv: readonly string[],
  start: () => Promise<Start>,
): Promise<void> {
  if (underDev()) return handToDev(program);
  let ready: unknown;
  try {
    ready = await program;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
    return;
  }
  const { run } = await start();
  await run(ready as never, { argv });
}
