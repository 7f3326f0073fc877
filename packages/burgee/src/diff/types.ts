import type { ChangeKindId } from './kinds.js';

/** One difference between two contracts (X4), with where it is and what it means for a caller. */
export type Change = {
  kind: ChangeKindId;
  class: 'breaking' | 'compatible';
  /** The command as `--schema` names it; absent for the program's own fields and exit codes. */
  command?: string;
  /** Where in the command (or document): `options.region.choices`, `effects`, `exitCodes.USAGE`. */
  field?: string;
  message: string;
  before?: unknown;
  after?: unknown;
};

/** The semver bump a set of changes implies: the largest of theirs, `none` for no change. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** Everything `burgee diff` says: the changes in order, the bump, and how many of each class. */
export type DiffReport = {
  changes: Change[];
  bump: Bump;
  counts: { breaking: number; compatible: number };
};
