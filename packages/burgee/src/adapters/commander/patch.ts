import type { Command } from 'commander';
import type { Io } from '../../runtime/io.js';
import type { Printed } from './outcome.js';

/** What one run swaps on every command of the tree, and puts back afterwards. */
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

/**
 * Points every command's exit, output and action at this run, and returns the undo. Commander
 * shares one output object between a parent and the children made after it, so each command gets
 * a fresh object rather than an edit of the shared one. The action commander holds is its own
 * wrapper of the program's function, which is called as commander calls it (`this`, the command).
 */
export function patchTree(root: Command, hooks: Hooks): () => void {
  const undo: (() => void)[] = [];
  const visit = (command: Command): void => {
    const own = command as unknown as Patched;
    const saved: Patched = {
      _exitCallback: own._exitCallback,
      _outputConfiguration: own._outputConfiguration,
      _actionHandler: own._actionHandler,
      _lifeCycleHooks: own._lifeCycleHooks,
    };
    own._exitCallback = (error) => {
      throw error;
    };
    own._outputConfiguration = { ...saved._outputConfiguration, ...output(hooks) };
    const action = saved._actionHandler;
    if (action !== null) own._actionHandler = (args) => act(command, action, args, hooks);
    if (hooks.explain) own._lifeCycleHooks = {};
    undo.push(() => {
      own._exitCallback = saved._exitCallback;
      own._outputConfiguration = saved._outputConfiguration;
      own._actionHandler = saved._actionHandler;
      own._lifeCycleHooks = saved._lifeCycleHooks;
    });
    for (const child of command.commands) visit(child);
  };
  visit(root);
  return () => {
    for (const step of undo) step();
  };
}

function act(command: Command, action: (args: unknown[]) => unknown, args: unknown[], hooks: Hooks): unknown {
  if (hooks.explain) {
    hooks.onAction(command, undefined);
    return undefined;
  }
  const value = action.call(command, args);
  hooks.onAction(command, value);
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
