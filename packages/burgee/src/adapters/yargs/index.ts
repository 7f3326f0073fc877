/**
 * `burgee/yargs`: the real yargs, whose instances also answer `--json`, `--schema` and `--mcp`, and
 * have `.effects()` on every builder's instance (F2). Only this file loads with the program; the rest
 * of burgee loads when a run asks for one of those surfaces.
 */
import type { Program } from '../../declaration/types.js';
import type { Effects } from '../../manifest/types.js';
import {
  AS_PROGRAM,
  findSurface,
  namesAddedCommand,
  runSurface,
  type SurfaceFlag,
  underDev,
} from '../../runtime/host/surfaces.js';
import { loadHost } from '../host-library.js';
import { adapt } from './adapt.js';
import type { YargsInstance } from './state.js';

// yargs itself, as `require('yargs')` gives it (its factory); without yargs installed, a clear
// error rather than Node's resolver stack, which a static import could not catch.
const realYargs = loadHost<(...args: unknown[]) => YargsInstance>('yargs', import.meta.url);

/** A yargs instance with `.effects()`; every other method is yargs' own. */
export type Argv = {
  /** What running the command being built does to the world (M2); one that declares nothing is `undeclared`. */
  effects(value: Effects): Argv;
  /** yargs ships no types of its own: its methods are typed loosely here. */
  // biome-ignore lint/suspicious/noExplicitAny: yargs 18 ships no types; any keeps its chained calls writable
  [method: string]: any;
};

/**
 * yargs' own factory, `yargs(processArgs, cwd, parentRequire)`, with the surfaces burgee adds; its
 * arguments reach yargs as given (`parentRequire` is what `commandDir` loads modules with).
 */
export default function yargs(
  processArgs: string | readonly string[] = [],
  cwd?: string,
  parentRequire?: unknown,
): Argv {
  const instance = adapt(realYargs(processArgs, cwd, parentRequire));
  const words = (args: unknown): readonly string[] | undefined => {
    const given = args === undefined ? processArgs : args;
    if (typeof given === 'string') return given.split(/\s+/).filter((w) => w !== '');
    return Array.isArray(given) ? (given as string[]) : undefined;
  };
  const claims = (args: unknown): readonly string[] | undefined => {
    const line = words(args);
    if (line === undefined) return undefined;
    if (underDev() || findSurface(line, (flag) => declares(instance, flag)) !== undefined) return line;
    const commands = instance.getInternalMethods().getCommandInstance();
    return namesAddedCommand(line, (name) => commands.getCommands().includes(name)) ? line : undefined;
  };
  const asProgram = (): Promise<Program> =>
    import('./start.js').then((start) => start.yargsProgram(instance, realYargs as unknown as never));
  const serve = (line: readonly string[]): Promise<void> => runSurface(asProgram(), line, () => import('./start.js'));
  // Each way into yargs' parser checks argv first: untouched unless a burgee surface was typed.
  for (const method of ['parse', 'parseAsync', 'parseSync'] as const) {
    const own = instance[method];
    instance[method] = function surfaced(this: YargsInstance, ...args: unknown[]) {
      const line = claims(args[0]);
      if (line === undefined) return own.apply(this, args);
      const serving = serve(line);
      return method === 'parseAsync' ? serving : {};
    } as never;
  }
  // yargs' own `argv` getter calls `instance.parse()`, so it passes through the check above.
  Object.defineProperty(instance, AS_PROGRAM, { value: asProgram });
  return instance as unknown as Argv;
}

/** True when the program's top level declares the flag itself: it stays the program's (F3). */
function declares(instance: YargsInstance, flag: SurfaceFlag): boolean {
  return flag.slice(2) in instance.getOptions().key;
}

/** The burgee program of a yargs instance made here: `runProgram(await asProgram(y), argv)` in tests. */
export const asProgram = (instance: Argv): Promise<Program> =>
  (instance as unknown as { [AS_PROGRAM](): Promise<Program> })[AS_PROGRAM]();

// `require('burgee/yargs')` returns the factory itself, as `require('yargs')` does: Node hands a
// CommonJS caller the export of this name when it loads an ES module (require(esm), Node ≥ 20.19).
// `asProgram` rides along on it, the one name of this entry a CommonJS caller could not reach.
Object.defineProperty(yargs, 'asProgram', { value: asProgram });

/** @internal Left out of the declarations (stripInternal): TypeScript before 5.6 cannot read the name. */
export { yargs as 'module.exports' };
