import type { Command } from 'commander';

/**
 * What commander writes on a command at every parse: the option values and their sources, and the
 * arguments. While runs overlap (one's action still running as the next parses, M6), each run
 * reads and writes its own, so an action that reads `this.opts()` or `program.opts()` after an
 * `await` sees its own call's values.
 */
const PER_RUN = ['_optionValues', '_optionValueSources', 'args', 'processedArgs', 'rawArgs'] as const;

/**
 * Makes the command's per-run fields answer for the run `current()` names (the value the command
 * held before, for code outside every run, and for a run that has not written one yet); returns the
 * undo, which leaves on the command the values of the run given to it, as a parse would have.
 */
export function perRunFields(command: Command, current: () => object | undefined): (last: object) => void {
  const own = command as unknown as Record<string, unknown>;
  const undo = PER_RUN.map((key) => {
    let shared = own[key];
    const byRun = new WeakMap<object, unknown>();
    const valueFor = (run: object | undefined) => (run !== undefined && byRun.has(run) ? byRun.get(run) : shared);
    Object.defineProperty(own, key, {
      configurable: true,
      enumerable: true,
      get: () => valueFor(current()),
      set: (value: unknown) => {
        const run = current();
        if (run === undefined) shared = value;
        else byRun.set(run, value);
      },
    });
    return (last: object) => {
      Object.defineProperty(own, key, { configurable: true, enumerable: true, writable: true, value: valueFor(last) });
    };
  });
  return (last) => {
    for (const step of undo) step(last);
  };
}
