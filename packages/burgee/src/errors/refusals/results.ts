/** Refusals of what a handler returned (E3, E4): the author's mistake, reported as exit 1. */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';

/** An idempotent command whose handler did not say whether it changed anything (E4). */
export const noChanged = (manifest: Pick<Manifest, 'name'>, command: Pick<ManifestCommand, 'path'>): Refusal => ({
  message: `${commandName(manifest, command)} is idempotent and must return an object with a boolean "changed"`,
  hint: 'return { changed: true } when the command changed something, { changed: false } when it was already so',
});

/** Data JSON cannot carry, such as a BigInt or a cycle (E3). */
export const notJson = (reason: string): Refusal => ({
  message: `the command returned data that cannot be written as JSON: ${reason}`,
  hint: 'return plain objects, arrays, strings, numbers, booleans or null',
});
