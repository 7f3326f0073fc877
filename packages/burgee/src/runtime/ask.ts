import type { Ask } from '../declaration/ask.js';
import type { RunBinding } from './bound-prompts.js';

/**
 * `ctx.ask`: caique's prompts bound to this run, so a handler's question follows the same rule as
 * a bound option (A6) — asked at a terminal, refused at once under --json, in CI or for an agent.
 */
export function createAsk(binding: () => RunBinding): Ask {
  const caique = () => import('caique');
  return {
    text: async (options) => (await caique()).text({ ...options, ...binding() }),
    password: async (options) => (await caique()).password({ ...options, ...binding() }),
    path: async (options) => (await caique()).path({ ...options, ...binding() }),
    confirm: async (options) => (await caique()).confirm({ ...options, ...binding() }),
    select: async (options) => (await caique()).select({ ...options, ...binding() }),
    multiselect: async (options) => (await caique()).multiselect({ ...options, ...binding() }),
  };
}
