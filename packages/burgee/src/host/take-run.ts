/**
 * How burgee takes a run from a foreign program once its argv asked for a surface: hand it to
 * `burgee dev`, or stop the program's own code after its parse and run burgee's surface instead,
 * stdout kept for burgee's document from that moment (E3, M5). Bundled with each adapter's entry,
 * like surfaces.ts: it loads nothing else of burgee.
 */
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
