/**
 * Which of the installed yargs' builds an instance comes from. yargs 18 is one ES module: its
 * factory is what `require('yargs')` gives, used as is. yargs 17 ships two builds: `import` gives
 * the ES module's factory, whose instances refuse `commandDir()` and count a string's width by its
 * code points, and `require` a CommonJS singleton over the other build (index.cjs). burgee's
 * instances come from the build the program's own `import` or `require` of yargs would have used.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Factory = (...args: unknown[]) => unknown;

/** What the host's entries give, seen from the adapter's module. */
export type HostBuilds = {
  /** The factory every instance comes from: the ES build's, or the CommonJS one inside `asCommonJs`. */
  factory: Factory;
  /** True when `require('yargs')` is yargs 17's ready instance rather than a factory. */
  singleton: boolean;
  /** Runs `create` with instances coming from the CommonJS build (the singleton's). */
  asCommonJs<T>(create: () => T): T;
  /** From now on, instances made outside `asCommonJs` (the builders' scratch) come from the CommonJS build too. */
  preferCommonJs(): void;
  /** The words after the script's, as the host's CommonJS build cuts them (an Electron app keeps one more). */
  hideBin(argv: readonly string[]): string[];
};

/**
 * The builds of the installed yargs, given what `require('yargs')` returned (`loaded`) and where it
 * was resolved from. yargs 18 answers with `loaded` itself and nothing more.
 */
export function hostBuilds(loaded: Factory, from: string): HostBuilds {
  const singleton = typeof (loaded as { option?: unknown }).option === 'function';
  if (!singleton) {
    return { factory: loaded, singleton, asCommonJs: (create) => create(), preferCommonJs() {}, hideBin: cut };
  }
  const require = createRequire(from);
  // The bare CommonJS factory (what yargs/yargs exports): calling the singleton itself would rebind
  // the program's own `require('yargs')` to each instance burgee makes. It is read from the build
  // by path: yargs/yargs is a file without an extension in a "type": "module" package, which Node
  // 26 loads as an ES module that cannot `require` (in yargs' own hands too).
  const build = require(join(dirname(require.resolve('yargs')), 'build', 'index.cjs')) as {
    Yargs: Factory;
    processArgv?: { hideBin?: (argv: readonly string[]) => string[] };
  };
  const commonJs = build.Yargs;
  const module = esModuleFactory(require);
  let depth = 0;
  let preferred = module ?? commonJs;
  return {
    singleton,
    factory: (...args) => (depth > 0 ? commonJs : preferred)(...args),
    asCommonJs(create) {
      depth += 1;
      try {
        return create();
      } finally {
        depth -= 1;
      }
    },
    preferCommonJs() {
      preferred = commonJs;
    },
    hideBin: build.processArgv?.hideBin ?? cut,
  };
}

/**
 * yargs 17's ES module factory, loaded synchronously by path (its `exports` map names no subpath for
 * index.mjs); a Node without require(esm) keeps the CommonJS build, which differs only in the few
 * ways above.
 */
function esModuleFactory(require: NodeJS.Require): Factory | undefined {
  try {
    const folder = dirname(require.resolve('yargs/package.json'));
    return (require(join(folder, 'index.mjs')) as { default: Factory }).default;
  } catch {
    return undefined;
  }
}

const cut = (argv: readonly string[]): string[] => argv.slice(2);
