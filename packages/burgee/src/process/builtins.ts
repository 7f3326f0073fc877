import type * as NodeFs from 'node:fs';

// Importing a Node module as an ES module makes Node build a facade that reads every export: for
// node:fs that loads fs/promises and the file streams, about 30 M instructions at start on Node 24,
// 3 M on Node 20 (N1). process.getBuiltinModule hands over the module itself, the CommonJS object a
// patch can reach. It arrived in Node 20.16 and 22.3; on the Node 20 releases before it, the module
// comes from createRequire, which needs node:module first and so is a promise.
type Get = (id: string) => unknown;
const get = (process as { getBuiltinModule?: Get }).getBuiltinModule;

/** Node's module `id`, synchronously, where Node has getBuiltinModule; `undefined` before it. */
export const builtinNow: (<T>(id: `node:${string}`) => T) | undefined =
  typeof get === 'function' ? <T>(id: string) => get.call(process, id) as T : undefined;

/** Node's module `id` as its CommonJS object: at once where Node allows, else a promise. */
export function builtin<T>(id: `node:${string}`): T | Promise<T> {
  if (builtinNow !== undefined) return builtinNow<T>(id);
  return import('node:module').then(({ createRequire }) => createRequire(import.meta.url)(id) as T);
}

/** node:fs, without the cost of its ES module facade. */
export const builtinFs = (): typeof NodeFs | Promise<typeof NodeFs> => builtin<typeof NodeFs>('node:fs');
