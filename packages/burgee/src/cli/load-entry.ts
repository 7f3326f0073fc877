import { pathToFileURL } from 'node:url';
import { isProgram, toProgram } from '../declaration/define.js';
import { describeValue, isCommand } from '../declaration/program-of.js';
import type { Program } from '../declaration/types.js';
import { ConfigError } from '../errors/errors.js';
import { AS_PROGRAM } from '../host/take-run.js';
import { type FaultSink, installRunHost } from '../process/capture.js';
import { runGuarded } from '../process/exit-guard.js';
import { holdFaultListeners } from '../process/process-guards.js';
import { importNeverSettled, notAProgram, refusedAs } from './refusals.js';
import { registerReloadHooks, VERSION_PARAM } from './reload-hooks.js';

/** A program the entry gave, and where the errors its module raises later go. */
export type LoadedEntry = {
  readonly program: Program;
  /**
   * Called with an error the module raised asynchronously after its load was accepted (a timer it
   * set at the top level); while unset, the server reports such errors on stderr.
   */
  onLateFault: ((error: unknown) => void) | undefined;
};

/** Imports the entry afresh on every call and returns its program; throws what the import threw. */
export type EntryLoader = { load(): Promise<LoadedEntry> };

/**
 * How long a module has, once its import settled, to fail on its own: a rejection nobody handled,
 * a timer that throws or calls process.exit. The window is a timer set after the module's own, so
 * every timer of up to this delay that the module set while loading fires before it closes.
 */
export const SETTLE_MS = 200;

/**
 * A loader for `entry` (a real path) whose local imports under `root` are read again on each load.
 * A load whose import has not settled after `timeoutMs` is abandoned (M8): the module may still
 * finish in the background, but the server and later saves no longer wait on it. A load whose
 * module fails asynchronously within SETTLE_MS of loading fails as a whole, as a syntax error does.
 */
export function createEntryLoader(entry: string, root: string, timeoutMs: number): EntryLoader {
  registerReloadHooks(pathToFileURL(root).href.replace(/\/?$/, '/'));
  const seen: { ran: Program | Promise<Program> | undefined } = { ran: undefined };
  // Stays for the whole session: an entry may call run() after its import settled, and a real run
  // would read `dev <entry>` as its own argv and end this process.
  installRunHost({
    take: (program) => {
      seen.ran = program;
    },
  });
  // For the whole session: a module's stray errors are its load's, never the end of the server.
  holdFaultListeners();
  const url = pathToFileURL(entry);
  let version = 0;
  return {
    async load() {
      version += 1;
      url.searchParams.set(VERSION_PARAM, String(version));
      seen.ran = undefined;
      const faults = loadFaults();
      // An entry that calls process.exit while loading fails this load instead of ending the server;
      // an error it raises asynchronously is this load's too, caught by the fault sink of its scope.
      const importing = runGuarded(() => import(url.href), undefined, faults.sink) as Promise<Record<string, unknown>>;
      try {
        const module = await within(Promise.race([importing, faults.failed]), timeoutMs);
        const program = await pickProgram(module, await seen.ran);
        await Promise.race([settled(), faults.failed]);
        return faults.accept(program);
      } finally {
        faults.close();
      }
    },
  };
}

/** The stray errors of one load: they fail it until it is accepted, then go to its `onLateFault`. */
function loadFaults() {
  let state: 'loading' | 'accepted' | 'closed' = 'loading';
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  let loaded: LoadedEntry | undefined;
  const sink: FaultSink = (error) => {
    if (state === 'loading') fail(error);
    else if (loaded?.onLateFault !== undefined) loaded.onLateFault(error);
    else return false;
    return true;
  };
  return {
    sink,
    failed,
    accept(program: Program): LoadedEntry {
      state = 'accepted';
      loaded = { program, onLateFault: undefined };
      return loaded;
    },
    close() {
      if (state === 'loading') state = 'closed';
    },
  };
}

/** Resolves once the module had SETTLE_MS to fail on its own. */
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** `promise`, or a ConfigError once `ms` have passed without it settling. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(refusedAs(ConfigError, importNeverSettled(ms)));
    }, ms);
    // An abandoned import must not keep the process alive on its own account.
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The program an entry offers: its `program` export, else its default export, else what it passed to
 * `run()` or parsed (M8): a burgee program, a `burgee/commander` program or a `burgee/yargs`
 * instance. Anything else is a `ConfigError` saying what was found and what is expected.
 */
export async function pickProgram(module: Record<string, unknown>, ran: Program | undefined): Promise<Program> {
  const found: string[] = [];
  for (const key of ['program', 'default']) {
    if (!(key in module)) continue;
    const value = module[key];
    if (isProgram(value) || isCommand(value)) return toProgram(value);
    if (isAdapted(value)) return value[AS_PROGRAM]();
    found.push(`${key === 'default' ? 'the default export' : 'the export "program"'} is ${describeValue(value)}`);
  }
  if (ran !== undefined) return ran;
  const names = Object.keys(module);
  if (found.length === 0) found.push(`it exports ${names.length === 0 ? 'nothing' : names.join(', ')}`);
  const foreign = ['program', 'default'].some((key) => isAdapterHost(module[key]));
  throw refusedAs(ConfigError, notAProgram(found, foreign));
}

/** A program made through `burgee/commander` or `burgee/yargs`. */
const isAdapted = (value: unknown): value is { [AS_PROGRAM](): Promise<Program> } =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { [AS_PROGRAM]?: unknown })[AS_PROGRAM] === 'function';

/** A commander `Command` or a yargs instance: both parse asynchronously. */
function isAdapterHost(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { parseAsync?: unknown }).parseAsync === 'function'
  );
}
