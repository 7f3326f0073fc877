import type { Effects } from '../../manifest/types.js';
import { type AdapterState, type CommandHandler, STATE, YargsFailure, type YargsInstance } from './state.js';

// Registered: the entry and the module burgee loads on first use each hold a copy of this file.
const WRAPPED = Symbol.for('burgee.yargs.wrapped');

/**
 * Gives a yargs instance `.effects()` and lets burgee see which handler ran and what it returned.
 * Each registered command's builder and handler are wrapped where yargs stores them, so every way of
 * declaring a command (strings, modules, builders registering subcommands) is seen alike; a wrapper
 * returns what it wraps returned, so yargs behaves as before.
 */
export function adapt(instance: YargsInstance, state: AdapterState = newState()): YargsInstance {
  const target = instance as YargsInstance & { [STATE]?: AdapterState; effects?: (value: Effects) => YargsInstance };
  target[STATE] = state;
  // Checked when burgee first reads the program, so a run that uses no surface of burgee's loads nothing of it.
  target.effects = function effects(value: Effects) {
    state.effects.set(state.building.join(' '), value);
    return this;
  };
  const fail = instance.fail;
  target.fail = function adaptedFail(f: unknown) {
    if (typeof f !== 'function') return fail.call(this, f);
    return fail.call(this, function listened(this: unknown, message: unknown, error: unknown, ...rest: unknown[]) {
      if (!state.listening) return (f as (...args: unknown[]) => unknown).call(this, message, error, ...rest);
      // Under burgee the failure ends the parse as yargs' own does when a parse callback listens:
      // recorded, nothing printed, nothing thrown through yargs (which would leave it mid-parse).
      target.exit(1, error instanceof Error ? error : new YargsFailure(typeof message === 'string' ? message : ''));
    });
  };
  const commands = instance.getInternalMethods().getCommandInstance();
  const addHandler = commands.addHandler;
  commands.addHandler = function adaptedAddHandler(...args: unknown[]) {
    addHandler.apply(this, args);
    for (const [name, entry] of Object.entries(commands.getCommandHandlers())) wrap(entry, name, state);
  };
  return instance;
}

export const newState = (): AdapterState => ({ building: [], effects: new Map(), ran: undefined, listening: false });

function wrap(entry: CommandHandler & { [WRAPPED]?: true }, name: string, state: AdapterState): void {
  if (entry[WRAPPED] === true) return;
  entry[WRAPPED] = true;
  const path = [...state.building, ...(name === '$0' ? [] : [name])];
  const { handler, builder } = entry;
  entry.handler = (argv) => {
    let value: unknown;
    try {
      value = handler(argv);
    } catch (error) {
      // Under burgee a throw leaves yargs through its promise, which puts the instance back as it
      // was; thrown through yargs it would leave it mid-parse for the next MCP call.
      if (!state.listening) throw error;
      const rejected = Promise.reject(error);
      rejected.catch(() => {});
      value = rejected;
    }
    state.ran = { path, value };
    return value;
  };
  if (typeof builder === 'function') {
    entry.builder = function built(this: unknown, ...args: unknown[]) {
      const outer = state.building;
      state.building = path;
      try {
        return (builder as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        state.building = outer;
      }
    };
  }
}
