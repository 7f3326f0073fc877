/**
 * `burgee/yargs`: the real yargs, whose instances also answer `--json`, `--schema` and `--mcp`, and
 * have `.effects()` on every builder's instance (F2). Only this file loads with the program; the rest
 * of burgee loads when a run asks for one of those surfaces.
 */
import type { YargsArgv } from '../../../types/yargs.js';
import type { Program } from '../../declaration/types.js';
import { answerOf, findSurface, jsonWords, namesAddedCommand, type SurfaceFlag } from '../../host/surfaces.js';
import { AS_PROGRAM, runSurface, stopAfterParse, takenResult, underDev } from '../../host/take-run.js';
import { runWholeProcess } from '../../host/whole-process.js';
import { loadHost } from '../host-library.js';
import { adapt } from './adapt.js';
import { hostBuilds } from './host-builds.js';
import { programName } from './program-name.js';
import { reachesHandler } from './reached.js';
import { singletonOf } from './singleton.js';
import type { YargsInstance } from './state.js';
import { takesWords } from './takes-words.js';

// yargs itself, as `require('yargs')` gives it (its factory); without yargs installed, a clear
// error rather than Node's resolver stack, which a static import could not catch. yargs 17 gives a
// singleton there; its factories, one per build, are in `host` (host-builds.ts).
const host = hostBuilds(loadHost<(...args: unknown[]) => unknown>('yargs', import.meta.url), import.meta.url);
const realYargs = host.factory as (...args: unknown[]) => YargsInstance;

/**
 * A yargs instance with `.effects()`: typed as `@types/yargs` types yargs' own when the program has
 * it installed, else loosely (yargs ships no types).
 */
export type Argv = YargsArgv;

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
    const own = (name: string) => commands.getCommands().includes(name);
    return namesAddedCommand(line, own, takesWords(instance)) ? line : undefined;
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
      // A `--json` run that reaches no handler: the program's work follows this parse, so the run is its whole process.
      const json =
        method === 'parseAsync' || underDev() ? undefined : jsonWords(line, (flag) => declares(instance, flag));
      if (json !== undefined && !reachesHandler(instance, line)) runWholeProcess(programName(instance.$0), line, json);
      const serving = serve(line);
      if (method === 'parseAsync') return serving;
      // An answer of burgee's has no parse result: the code after the parse must not run without one.
      const answer = answerOf(line, (flag) => declares(instance, flag));
      if (answer === undefined) return {};
      return method === 'parseSync' ? stopAfterParse(answer) : takenResult(answer);
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

// yargs 17's `require('yargs')` is an instance over `process.argv` that is also the factory
// (singleton.ts); its instances come from yargs' CommonJS build, and once the program reaches the
// singleton, so do the ones its builders are read on. With yargs 18 it is the factory.
const commonJs: object = host.singleton
  ? singletonOf(
      (args, cwd) => host.asCommonJs(() => yargs(args, cwd)) as unknown as Record<PropertyKey, unknown>,
      host.hideBin(process.argv),
      host.preferCommonJs,
    )
  : yargs;
if (commonJs !== yargs) Object.defineProperty(commonJs, 'asProgram', { value: asProgram });

/** @internal Left out of the declarations (stripInternal): TypeScript before 5.6 cannot read the name. */
export { commonJs as 'module.exports' };
