/** Refusals of the skills surfaces: `skills print` and `--llms` (L1, L5). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';

/** `--llms` on a command below which an agent may run nothing: a withheld or hidden one (L2, L5). */
export function nothingForAgents(manifest: Manifest, command: ManifestCommand): Refusal {
  return {
    message: `${commandName(manifest, command)} holds no command an agent may run`,
    hint: `${manifest.name} --llms lists every one`,
  };
}
