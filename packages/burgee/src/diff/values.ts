import type { Scalar } from '../manifest/types.js';
import { type At, type Changes, sameValue, shown } from './changes.js';

/** What options and arguments share: the values they accept and the one they take when not given. */
export type Accepts = {
  /** `integer` for an option declared `integer`. */
  type: string;
  choices?: readonly Scalar[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

/**
 * The changes in what one input accepts. `was` names it (`--region`, `<target>`); a default that
 * appears on an input callers had to give anyway changes no call that worked before.
 */
export function diffAccepts(
  changes: Changes,
  at: At,
  was: string,
  before: Accepts,
  after: Accepts,
  requiredBefore: boolean,
): void {
  const field = (name: string): At => ({ ...at, field: `${at.field}.${name}` });
  if (before.type !== after.type) {
    const widened = before.type === 'integer' && after.type === 'number';
    changes.add(
      widened ? 'type-widened' : 'type-narrowed',
      field('type'),
      widened
        ? `${was} takes any number now, not only integers`
        : `${was} is ${article(after.type)} now, not ${article(before.type)}: values callers pass today may be refused (over MCP a value's JSON type must match)`,
      { before: before.type, after: after.type },
    );
  }
  diffChoices(changes, field('choices'), was, before.choices, after.choices);
  if (!requiredBefore && !sameValue(before.default, after.default)) {
    changes.add(
      'default-changed',
      field('default'),
      `${was} defaults to ${shown(after.default)} now, not ${shown(before.default)}: a caller who leaves it out gets another value`,
      { before: before.default, after: after.default },
    );
  }
  diffBound(changes, field('minimum'), was, 'minimum', before.minimum, after.minimum);
  diffBound(changes, field('maximum'), was, 'maximum', before.maximum, after.maximum);
}

function diffChoices(
  changes: Changes,
  at: At,
  was: string,
  before: readonly Scalar[] | undefined,
  after: readonly Scalar[] | undefined,
): void {
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    changes.add('choice-removed', at, `${was} accepts only ${after!.map(shown).join(', ')} now, not any value`, {
      before: null,
      after,
    });
    return;
  }
  if (after === undefined) {
    changes.add('choice-added', at, `${was} accepts any value now, not only its choices`, { before, after: null });
    return;
  }
  const removed = before.filter((choice) => !after.includes(choice));
  const added = after.filter((choice) => !before.includes(choice));
  if (removed.length > 0)
    changes.add('choice-removed', at, `${was} no longer accepts ${removed.map(shown).join(', ')}`, {
      before: removed,
      after: null,
    });
  if (added.length > 0)
    changes.add('choice-added', at, `${was} also accepts ${added.map(shown).join(', ')}`, {
      before: null,
      after: added,
    });
}

function diffBound(
  changes: Changes,
  at: At,
  was: string,
  bound: 'minimum' | 'maximum',
  before: number | undefined,
  after: number | undefined,
): void {
  if (before === after) return;
  // A bound added, or moved inwards, refuses values that passed before.
  const inward =
    after !== undefined && (before === undefined || (bound === 'minimum' ? after > before : after < before));
  changes.add(
    inward ? 'bounds-narrowed' : 'bounds-widened',
    at,
    `${was}'s ${bound} is ${shown(after)} now, not ${shown(before)}`,
    { before, after },
  );
}

const article = (type: string): string => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
