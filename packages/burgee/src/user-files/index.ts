/**
 * Every file burgee writes on a user's machine goes through here (K4): client configurations and
 * skills (`skills add`). update.ts is the one writer; the rest are the formats' merges, plain
 * functions of text.
 */
export { installEntry, MERGES, type MergeEntry } from './client-entry.js';
export { mergeJsonEntry, parseJson } from './json.js';
export { LOCK_LIMITS, type LockLimits } from './lock.js';
export * as refusals from './refusals.js';
export { refuseFile } from './refusals.js';
export { isTable, mergeServer } from './server-entry.js';
export { lineDiff } from './text.js';
export { mergeTomlEntry } from './toml.js';
export { type Edit, type FileUpdate, type UpdateOptions, updateUserFile } from './update.js';
