import { realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { Program } from '../declaration/types.js';
import { originalWrite, withCapturedOutput } from '../runtime/capture.js';
import { ConfigError, UsageError } from '../runtime/errors.js';
import { hostOf } from '../runtime/host/host.js';
import { createEntryLoader } from './load-entry.js';
import { describeLoadError, displayPath } from './load-error.js';

/** A program loaded from its entry module, and what `check` and `diff` say of where it came from. */
export type EntryProgram = { program: Program; label: string; foreign: boolean };

/**
 * Loads the programs of one or more entry modules once each, as `burgee dev` loads one (M8): native
 * or adapter, whatever the entry prints sent to stderr, an import that does not settle abandoned
 * after `timeoutMs`. The entries share one watched root (the folder holding them all): Node's
 * loader hooks are registered once per process.
 */
export async function loadEntries(
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
  command: string,
): Promise<EntryProgram[]> {
  const paths = args.map((arg) => findEntry(arg, cwd, command));
  const root = commonFolder(paths.map((path) => dirname(path)));
  const loaded: EntryProgram[] = [];
  const toStderr = originalWrite(process.stderr);
  for (const [i, path] of paths.entries()) {
    // Named as given, not by its real path: a link into another folder still reads as typed.
    const label = displayPath(resolve(cwd, args[i]!), cwd);
    const program = await withCapturedOutput({ stdout: toStderr, stderr: toStderr }, () =>
      createEntryLoader(path, root, timeoutMs)
        .load()
        .then((entry) => entry.program),
    ).catch(async (error: unknown) => {
      const reason = await describeLoadError(error, { root, cwd, suspects: [path] });
      const hint = error instanceof ConfigError ? error.hint : undefined;
      throw new ConfigError(`cannot load ${label}: ${reason}`, {
        hint: hint ?? `fix it, then run burgee ${command} ${args[i]} again`,
      });
    });
    loaded.push({ program, label, foreign: hostOf(program) !== undefined });
  }
  return loaded;
}

/** The real path of an entry module, or a usage error naming what was given. */
export function findEntry(arg: string, cwd: string, command: string): string {
  const path = resolve(cwd, arg);
  const hint = `give the module that exports your program, e.g. burgee ${command} ./cli.mjs`;
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new UsageError(`no entry module at ${arg} (looked for ${path})`, { hint });
  }
  if (!isFile)
    throw new UsageError(`${arg} is a folder; burgee ${command} needs the module that exports the program`, { hint });
  // The real path, so the folder the loader hooks compare with is the one Node resolves imports to.
  return realpathSync(path);
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
