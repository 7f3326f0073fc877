import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { CheckReport } from '../check/types.js';
import { ConfigError, UsageError } from '../errors/errors.js';
import type { FullSchemaDocument } from '../projections/schema/types.js';
import { loadInWorker } from './isolated-load.js';
import { displayPath } from './load-error.js';
import { cannotLoad, entryIsFolder, noEntry, refusedAs } from './refusals.js';

/** What `check` or `diff` asked of one entry, and what they say of where it came from. */
export type LoadedEntry<W extends 'check' | 'schema'> = {
  label: string;
  foreign: boolean;
} & (W extends 'check' ? { check: CheckReport } : { schema: FullSchemaDocument });

/**
 * Loads the programs of one or more entry modules once each, as `burgee dev` loads one (M8), and
 * returns what `want` asks of each: native or adapter, whatever the entry prints sent to stderr.
 * Each loads in a worker thread the command can stop (isolated-load.ts), so no entry, however it
 * misbehaves at import, keeps this process from answering. The entries share one root (the folder
 * holding them all), where a load's errors are located.
 */
export async function loadEntries<W extends 'check' | 'schema'>(
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
  command: string,
  want: W,
): Promise<LoadedEntry<W>[]> {
  const paths = args.map((arg) => findEntry(arg, cwd, command));
  const root = commonFolder(paths.map((path) => dirname(path)));
  const loaded: LoadedEntry<W>[] = [];
  for (const [i, entry] of paths.entries()) {
    // Named as given, not by its real path: a link into another folder still reads as typed.
    const label = displayPath(resolve(cwd, args[i]!), cwd);
    const reply = await loadInWorker({ entry, root, cwd, timeoutMs, want, suspects: [entry] });
    if (!reply.ok) {
      throw refusedAs(ConfigError, cannotLoad(label, reply.reason, reply.hint, `burgee ${command} ${args[i]}`));
    }
    loaded.push({ ...reply, label } as LoadedEntry<W>);
  }
  return loaded;
}

/** The real path of an entry module, or a usage error naming what was given. */
export function findEntry(arg: string, cwd: string, command: string): string {
  const path = resolve(cwd, arg);
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw refusedAs(UsageError, noEntry(arg, path, command));
  }
  if (!isFile) throw refusedAs(UsageError, entryIsFolder(arg, command, packageBin(arg, path)));
  // The real path, so the folder the loader hooks compare with is the one Node resolves imports to.
  return realpathSync(path);
}

/**
 * The one command module a folder's package.json names in `bin`, as a path from where `arg` was
 * typed; undefined when there is no package, no bin, or more than one.
 */
function packageBin(arg: string, folder: string): string | undefined {
  try {
    const { bin } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { bin?: unknown };
    const modules = typeof bin === 'string' ? [bin] : typeof bin === 'object' && bin !== null ? Object.values(bin) : [];
    if (modules.length !== 1 || typeof modules[0] !== 'string') return undefined;
    const path = join(arg, modules[0]);
    return statSync(join(folder, modules[0])).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The deepest folder holding every one of `folders`. */
function commonFolder(folders: readonly string[]): string {
  let common = folders[0]!;
  for (const folder of folders.slice(1)) {
    const outside = () => relative(common, folder).startsWith('..') || isAbsolute(relative(common, folder));
    while (outside() && dirname(common) !== common) common = dirname(common);
  }
  return common;
}
