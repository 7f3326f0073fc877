import type { ClientConfig } from '../projections/client-config/index.js';
import { mergeJsonEntry } from './json.js';
import { mergeJsoncEntry } from './jsonc.js';
import type { MergeArgs } from './server-entry.js';
import { mergeTomlEntry } from './toml.js';
import { type FileUpdate, updateUserFile } from './update.js';
import { mergeYamlEntry } from './yaml.js';

/** Merges one server's entry into a text of a client's format; the text is undefined when there is no file yet. */
export type MergeEntry = (...args: MergeArgs) => string | Promise<string>;

/** How each format of client file takes an entry: a plain function of text, the writer does the rest. */
export const MERGES: Record<ClientConfig['format'], MergeEntry> = {
  json: mergeJsonEntry,
  jsonc: mergeJsoncEntry,
  toml: mergeTomlEntry,
  yaml: mergeYamlEntry,
};

/**
 * Registers one server in its client's file (K2): the entry is merged into whatever the file holds,
 * through the one writer of a user's files (updateUserFile), which refuses, locks, backs up and
 * writes. Under `dryRun` it writes nothing and says what would change.
 */
export function installEntry(config: ClientConfig, dryRun: boolean): Promise<FileUpdate> {
  const merge = MERGES[config.format];
  return updateUserFile(config.file, (text) => merge(config.file, text, config.at, config.entry, config.burgeeKeys), {
    dryRun,
  });
}
