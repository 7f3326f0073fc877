import type * as NodeFs from 'node:fs';

// Importing node:fs as an ES module makes Node build a facade that reads every export of the
// module, which loads fs/promises and the file streams: about 30 M instructions at start on
// Node 24, 3 M on Node 20 (N1). process.getBuiltinModule hands over the module itself. It arrived
// in Node 20.16 and 22.3; on the Node 20 releases before it, the module is imported as before.
const get = (process as { getBuiltinModule?: (id: 'node:fs') => typeof NodeFs }).getBuiltinModule;

/** node:fs, without the cost of its ES module facade where Node allows; a promise where it does not. */
export const builtinFs = (): typeof NodeFs | Promise<typeof NodeFs> =>
  typeof get === 'function' ? get.call(process, 'node:fs') : import('node:fs');
