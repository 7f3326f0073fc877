import { type ChangeKindId, KIND } from './kinds.js';
import type { Bump, Change, DiffReport } from './types.js';

/** Where a change is: the command, and the field inside it. */
export type At = { command?: string; field?: string };

/** Collects changes in the order they are found, classing each by the table of kinds. */
export class Changes {
  private readonly list: Change[] = [];

  /** `program`: the name messages give each command after, as a person types it. */
  constructor(private readonly program: string) {}

  /** A command as a person types it: `notes add`; the program alone for its root command. */
  who(command: string): string {
    return command === this.program ? command : `${this.program} ${command}`;
  }

  add(kind: ChangeKindId, at: At, message: string, values: { before?: unknown; after?: unknown } = {}): void {
    this.list.push({
      kind,
      class: KIND.get(kind)!.breaking ? 'breaking' : 'compatible',
      ...(at.command === undefined ? {} : { command: at.command }),
      ...(at.field === undefined ? {} : { field: at.field }),
      message,
      ...('before' in values ? { before: values.before ?? null } : {}),
      ...('after' in values ? { after: values.after ?? null } : {}),
    });
  }

  report(): DiffReport {
    const breaking = this.list.filter((change) => change.class === 'breaking').length;
    return {
      changes: this.list,
      bump: bumpOf(this.list),
      counts: { breaking, compatible: this.list.length - breaking },
    };
  }
}

const ORDER: readonly Bump[] = ['none', 'patch', 'minor', 'major'];

/** The largest bump any change implies. */
export function bumpOf(changes: readonly Change[]): Bump {
  let bump: Bump = 'none';
  for (const change of changes) {
    const own = KIND.get(change.kind)!.bump;
    if (ORDER.indexOf(own) > ORDER.indexOf(bump)) bump = own;
  }
  return bump;
}

/** Two JSON values equal as data (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameValue((a as never)[key], (b as never)[key]));
}

/** A value as a message shows it: JSON, short. */
export const shown = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));
