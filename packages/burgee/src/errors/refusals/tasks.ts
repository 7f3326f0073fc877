/** Refusals of tasks on the command line: `--detach` and `tool tasks …` (B3). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';

/** `--detach` on a command that does not declare `task`. */
export const notATask = (manifest: Manifest, command: ManifestCommand): Refusal => ({
  message: `${commandName(manifest, command)} does not run as a task; --detach is for commands that may run long`,
  hint: 'run it without --detach: it finishes in this process',
});

/** `--detach` where no script can be started again in the background (`runProgram`, `burgee dev`). */
export const detachNeedsProcess = (): Refusal => ({
  message: '--detach starts the program again in the background, and this run has no script to start',
  hint: 'run the program from its own script (node cli.mjs … --detach)',
});

/** An id that names no task of this program for this user: never made, expired, or another's. */
export const noSuchTask = (manifest: Manifest, id: string): Refusal => ({
  message: `no task ${JSON.stringify(id)} of ${manifest.name}: it never existed here, or it expired`,
  hint: `${manifest.name} tasks list shows your tasks that are kept`,
  fix: `${manifest.name} tasks list`,
});

/** `tasks cancel` on a task that has ended. */
export const taskOver = (manifest: Manifest, id: string, status: string): Refusal => ({
  message: `task ${id} has already ${status === 'completed' ? 'completed' : `ended (${status})`}; nothing was cancelled`,
  hint: 'its result is kept until it expires',
  fix: `${manifest.name} tasks result ${id}`,
});

/** `tasks status|result|cancel` without the id. */
export const needsTaskId = (manifest: Manifest, action: string): Refusal => ({
  message: `${manifest.name} tasks ${action} needs a task's id`,
  hint: `--detach printed it; ${manifest.name} tasks list shows every kept task`,
  fix: `${manifest.name} tasks list`,
});
