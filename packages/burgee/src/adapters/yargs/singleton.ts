/**
 * yargs 17's CommonJS entry, made of burgee's instances: `require('yargs')` there is a function that
 * makes an instance (as the factory does) and also carries the methods of the last instance it
 * made, bound to it, so that `require('yargs').option(...).argv` parses `process.argv` as it stands
 * when the module is first required.
 */
import { AS_PROGRAM } from '../../host/take-run.js';

type Instance = Record<PropertyKey, unknown>;

/** The singleton: callable as the factory, and an instance itself through its bound methods. */
export type Singleton = ((processArgs?: string | readonly string[], cwd?: string) => unknown) & Instance;

/**
 * A singleton over `create`, already holding an instance of `processArgs`; `onUse` is told the first
 * time the program reaches it (a call, a method, `argv`), rather than merely loading it.
 */
export function singletonOf(
  create: (processArgs: string | readonly string[] | undefined, cwd: string | undefined) => Instance,
  processArgs: readonly string[],
  onUse: () => void,
): Singleton {
  let current: Instance;
  const make = (args: string | readonly string[] | undefined, cwd: string | undefined): Instance => {
    current = create(args, cwd);
    bindTo(singleton, current, onUse);
    return current;
  };
  const singleton = function Argv(args?: string | readonly string[], cwd?: string) {
    onUse();
    return make(args, cwd);
  } as Singleton;
  // `asProgram(require('burgee/yargs'))` reads the instance the singleton holds now.
  Object.defineProperty(singleton, AS_PROGRAM, { value: () => (current[AS_PROGRAM] as () => unknown)() });
  make(processArgs, undefined);
  return singleton;
}

/** Puts the instance's methods (its own and its class's) on the singleton, and its state behind getters. */
function bindTo(singleton: Singleton, instance: Instance, onUse: () => void): void {
  const prototype = (instance.constructor as { prototype: object }).prototype;
  const names = new Set([...Object.keys(instance), ...Object.getOwnPropertyNames(prototype)]);
  for (const name of names) {
    if (name === 'argv') {
      reader(singleton, name, () => {
        onUse();
        return instance.argv;
      });
      continue;
    }
    const value = instance[name];
    if (typeof value !== 'function') continue;
    singleton[name] = function bound(...args: unknown[]) {
      onUse();
      return (value as (...args: unknown[]) => unknown).apply(instance, args);
    };
  }
  // The instance's data, read live: `$0` and what the last parse made of the command line.
  reader(singleton, '$0', () => instance.$0);
  reader(singleton, 'parsed', () => instance.parsed);
}

function reader(target: object, name: string, get: () => unknown): void {
  Object.defineProperty(target, name, { configurable: true, enumerable: true, get });
}
