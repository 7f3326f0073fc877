import type { Command } from 'commander';
import { currentRun, withScope } from '../../process/capture.js';
import type { Io } from '../../process/io.js';
import type { Printed } from './outcome.js';
import { perRunFields } from './run-state.js';

/** What burgee points at its runs on every command of the tree, and puts back afterwards. */
type Patched = {
  _exitCallback: ((error: Error) => void) | null;
  _outputConfiguration: Record<string, unknown>;
  _actionHandler: ((args: unknown[]) => unknown) | null;
  _lifeCycleHooks: Record<string, unknown[]>;
};

/** What a run asks of the commands: where their output goes, and who hears of the action. */
export type Hooks = {
  json: boolean;
  /** `--explain`: commander parses, but no action and no hook runs (P5). */
  explain: boolean;
  io: Io;
  printed: Printed;
  onAction: (command: Command, value: unknown) => void;
};

/** The runs in a tree now, and how to put the tree back once the last one leaves. */
type Entered = { runs: Set<Hooks>; restore: (last: Hooks) => void };
const entered = new WeakMap<Command, Entered>();

/**
 * Points the tree's exit, output and action at this run until `leave()`; `run(work)` is the code
 * that counts as the run. Runs may overlap (one whose action still runs while the next parses,
 * M6), so the tree is patched once, while any run is in it, and each patch asks which run is
 * calling (the run named in its async scope); a call from no run in the tree gets commander's own.
 * The action commander holds is its own wrapper of the program's function, called as commander
 * calls it (`this`, the command).
 */
export function enterTree(root: Command, hooks: Hooks): { run<T>(work: () => T): T; leave(): void } {
  let tree = entered.get(root);
  if (tree === undefined) {
    const runs = new Set<Hooks>();
    tree = { runs, restore: patchTree(root, () => runOf(runs)) };
    entered.set(root, tree);
  }
  const within = tree;
  within.runs.add(hooks);
  return {
    run: (work) => withScope({ run: hooks }, work),
    leave: () => {
      if (!within.runs.delete(hooks) || within.runs.size > 0) return;
      within.restore(hooks);
      entered.delete(root);
    },
  };
}

const runOf = (runs: ReadonlySet<Hooks>): Hooks | undefined => {
  const run = currentRun();
  return runs.has(run as Hooks) ? (run as Hooks) : undefined;
};

/** Patches every command of the tree to ask `current()` for the run; returns the undo. */
function patchTree(root: Command, current: () => Hooks | undefined): (last: Hooks) => void {
  const undo: ((last: Hooks) => void)[] = [];
  const visit = (command: Command): void => {
    const own = command as unknown as Patched;
    const saved = pick(own);
    own._exitCallback = (error) => {
      // Thrown, commander's run ends there; outside every run, commander's own callback, then its exit.
      if (current() !== undefined) throw error;
      saved._exitCallback?.(error);
    };
    own._outputConfiguration = new Proxy(saved._outputConfiguration, {
      get: (target, key) => {
        const hooks = current();
        const ours = hooks === undefined ? undefined : output(hooks);
        return ours !== undefined && typeof key === 'string' && key in ours ? ours[key] : Reflect.get(target, key);
      },
    });
    const action = saved._actionHandler;
    if (action !== null) own._actionHandler = (args) => act(command, action, args, current());
    own._lifeCycleHooks = new Proxy(saved._lifeCycleHooks, {
      get: (target, key) => (current()?.explain === true ? undefined : Reflect.get(target, key)),
    });
    const fields = perRunFields(command, current);
    undo.push((last) => {
      Object.assign(own, pick(saved));
      fields(last);
    });
    for (const child of command.commands) visit(child);
  };
  visit(root);
  return (last) => {
    for (const step of undo) step(last);
  };
}

const pick = ({ _exitCallback, _outputConfiguration, _actionHandler, _lifeCycleHooks }: Patched): Patched => ({
  _exitCallback,
  _outputConfiguration,
  _actionHandler,
  _lifeCycleHooks,
});

function act(command: Command, action: (args: unknown[]) => unknown, args: unknown[], hooks?: Hooks): unknown {
  if (hooks?.explain === true) {
    hooks.onAction(command, undefined);
    return undefined;
  }
  const value = action.call(command, args);
  hooks?.onAction(command, value);
  return value;
}

/** Where commander's own printing goes: kept for the envelope under --json, else to the run's streams. */
function output({ json, io, printed }: Hooks): Record<string, unknown> {
  if (!json) {
    return { writeOut: (text: string) => io.stdout.write(text), writeErr: (text: string) => io.stderr.write(text) };
  }
  return {
    writeOut: (text: string) => {
      printed.out += text;
    },
    writeErr: (text: string) => {
      printed.err += text;
    },
    outputError: () => {},
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  };
}
