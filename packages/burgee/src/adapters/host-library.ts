/**
 * How an adapter's entry loads the library it wraps. commander and yargs are peer dependencies: a
 * project that changed its import to `burgee/commander` without commander installed would get
 * Node's resolver error and its stack; it gets one sentence and the command that fixes it instead.
 * Bundled into each adapter entry (scripts/bundle.mjs), so it imports nothing of burgee's.
 */
import { createRequire } from 'node:module';

/** The host libraries an adapter wraps. */
export type HostLibrary = 'commander' | 'yargs';

// CONFIG: the program's environment lacks what it needs, as for a wrong variable (E1). Restated
// rather than imported: the entry loads no other module of burgee's (N1).
const MISSING_EXIT = 3;

/**
 * The host library as `require()` gives it (yargs, an ES module, through require(esm), which its
 * own Node floor has), resolved from `from` (the adapter's module URL); a run without it installed
 * ends with exit 3 and a message naming `npm install <name>`.
 */
export function loadHost<T>(name: HostLibrary, from: string): T {
  try {
    return createRequire(from)(name) as T;
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    return refuse(name);
  }
}

/** True when Node could not find the package itself (not a module the package imports). */
function isMissing(error: unknown, name: HostLibrary): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') return false;
  return String(message).startsWith(`Cannot find module '${name}'`) || String(message).includes(`package '${name}'`);
}

/** Says what is missing and how to install it (an E5 envelope under `--json`), then exits. */
function refuse(name: HostLibrary): never {
  const message = `burgee/${name} runs the real ${name}, which is not installed in this project`;
  const hint = `install it beside burgee: npm install ${name}`;
  const args = process.argv.slice(2);
  const end = args.indexOf('--');
  if ((end === -1 ? args : args.slice(0, end)).includes('--json')) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: { code: MISSING_EXIT, message, hint } })}\n`);
  } else {
    process.stderr.write(`error: ${message}\nhint: ${hint}\n`);
  }
  process.exit(MISSING_EXIT);
}
