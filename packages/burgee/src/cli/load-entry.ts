import { pathToFileURL } from 'node:url';
import { isProgram, toProgram } from '../declaration/define.js';
import { describeValue, isCommand } from '../declaration/program-of.js';
import type { Program } from '../declaration/types.js';
import { installRunHost } from '../runtime/capture.js';
import { ConfigError } from '../runtime/errors.js';
import { AS_PROGRAM } from '../runtime/host/surfaces.js';
import { runGuarded } from '../runtime/mcp/exit-guard.js';
import { registerReloadHooks, VERSION_PARAM } from './reload-hooks.js';

/** Imports the entry afresh on every call and returns its program; throws what the import threw. */
export type EntryLoader = { load(): Promise<Program> };

/**
 * A loader for `entry` (a real path) whose local imports under `root` are read again on each load.
 * A load whose import has not settled after `timeoutMs` is abandoned (M8): the module may still
 * finish in the background, but the server and later saves no longer wait on it.
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
  const url = pathToFileURL(entry);
  let version = 0;
  return {
    async load() {
      version += 1;
      url.searchParams.set(VERSION_PARAM, String(version));
      seen.ran = undefined;
      // An entry that calls process.exit while loading fails this load instead of ending the server.
      const importing = runGuarded(() => import(url.href)) as Promise<Record<string, unknown>>;
      const module = await within(importing, timeoutMs);
      return pickProgram(module, await seen.ran);
    },
  };
}

/** `promise`, or a ConfigError once `ms` have passed without it settling. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ConfigError(
          `its import did not settle within ${ms} ms and was abandoned (a top-level await that never ends?)`,
          { hint: 'give a slow entry more time with --load-timeout or BURGEE_DEV_LOAD_TIMEOUT_MS' },
        ),
      );
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
  throw new ConfigError(`${found.join('; ')}, not a burgee program`, {
    hint: foreign
      ? "serve it through burgee/commander and burgee/yargs: import Command from 'burgee/commander' (or yargs from 'burgee/yargs') instead of the library itself"
      : 'export what defineProgram or defineCommand returned, as `export const program = …` or as the default export',
  });
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
