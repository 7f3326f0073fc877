import type { Effects } from '../../manifest/types.js';
import { type AdapterState, STATE, type YargsInstance } from './state.js';

/**
 * Gives a yargs instance `.effects()`, and a place for what burgee records about it. Nothing yargs
 * stores is touched: registered builders, handlers and `.fail()` functions stay the program's own
 * objects (F2); what burgee needs to see of a run it sees from the host's side (observe.ts).
 */
export function adapt(instance: YargsInstance, state: AdapterState = newState()): YargsInstance {
  const target = instance as YargsInstance & { [STATE]?: AdapterState; effects?: (value: Effects) => YargsInstance };
  target[STATE] = state;
  // Checked when burgee first reads the program, so a run that uses no surface of burgee's loads nothing of it.
  target.effects = function effects(value: Effects) {
    state.effects.set(state.building.join(' '), value);
    return this;
  };
  return instance;
}

export const newState = (): AdapterState => ({ building: [], effects: new Map(), ran: undefined, listening: false });
