import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import type { Word } from './command-line.js';

/** What a refusal tells the caller (E5, E8): what is wrong, what to do, and the one line that does it. */
export type Refusal = { message: string; hint?: string; fix?: string };

/** Where a refusal happened: the command, and the words the caller typed as the parser read them. */
export type Scene = {
  readonly manifest: Manifest;
  readonly command: ManifestCommand;
  readonly words: readonly Word[];
};

/** The command as a person types it, program name first: `tool deploy`. */
export const commandName = (manifest: Pick<Manifest, 'name'>, command: Pick<ManifestCommand, 'path'>): string =>
  [manifest.name, ...command.path].join(' ');
