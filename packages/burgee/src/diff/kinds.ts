/**
 * Every kind of change `burgee diff` tells apart (X4), as data: whether it breaks a caller written
 * against the old contract, and the semver bump it implies on its own. docs/check.md has a row per
 * kind. A caller is a person's script or an agent, on the command line or over MCP, where a tool
 * call's arguments are typed exactly as the inputSchema says.
 */
export const CHANGE_KINDS = [
  { id: 'program-renamed', breaking: true, bump: 'major', says: 'the program has another name' },
  { id: 'exit-code-removed', breaking: true, bump: 'major', says: 'an exit code is gone' },
  { id: 'exit-code-changed', breaking: true, bump: 'major', says: "an exit code's number or name changed" },
  { id: 'command-removed', breaking: true, bump: 'major', says: 'a command removed, renamed or hidden' },
  { id: 'command-withheld', breaking: true, bump: 'major', says: 'a command newly withheld from agents' },
  { id: 'effects-widened', breaking: true, bump: 'major', says: 'read_only → idempotent → non_idempotent' },
  { id: 'argument-removed', breaking: true, bump: 'major', says: 'an argument removed or renamed' },
  { id: 'argument-moved', breaking: true, bump: 'major', says: 'an argument at another position' },
  { id: 'argument-added-required', breaking: true, bump: 'major', says: 'a new argument callers must give' },
  { id: 'argument-required', breaking: true, bump: 'major', says: 'an argument newly required' },
  { id: 'variadic-changed', breaking: true, bump: 'major', says: 'an argument takes one word or many' },
  { id: 'option-removed', breaking: true, bump: 'major', says: 'an option removed, renamed or hidden' },
  { id: 'option-added-required', breaking: true, bump: 'major', says: 'a new option callers must give' },
  { id: 'option-required', breaking: true, bump: 'major', says: 'an option newly required' },
  { id: 'flag-changed', breaking: true, bump: 'major', says: "an option's flag changed" },
  { id: 'short-removed', breaking: true, bump: 'major', says: "an option's short flag removed or changed" },
  { id: 'env-removed', breaking: true, bump: 'major', says: "an option's environment variable removed or renamed" },
  { id: 'multiple-changed', breaking: true, bump: 'major', says: 'an option repeats, or no longer does' },
  { id: 'separator-changed', breaking: true, bump: 'major', says: "a repeatable option's separator changed" },
  { id: 'type-narrowed', breaking: true, bump: 'major', says: 'a type that accepts less, or other values' },
  { id: 'choice-removed', breaking: true, bump: 'major', says: 'a choice removed, or choices where any value went' },
  { id: 'bounds-narrowed', breaking: true, bump: 'major', says: 'a minimum raised or a maximum lowered' },
  { id: 'default-changed', breaking: true, bump: 'major', says: 'a default changed, added or removed' },
  { id: 'output-changed', breaking: true, bump: 'major', says: "the schema of a command's data changed" },
  { id: 'task-required', breaking: true, bump: 'major', says: 'a command that now runs only as a task' },
  { id: 'task-removed', breaking: true, bump: 'major', says: 'a command that no longer runs as a task' },
  { id: 'exit-code-added', breaking: false, bump: 'minor', says: 'a new exit code' },
  { id: 'command-added', breaking: false, bump: 'minor', says: 'a new command' },
  { id: 'command-unwithheld', breaking: false, bump: 'minor', says: 'a withheld command served to agents' },
  { id: 'argument-added', breaking: false, bump: 'minor', says: 'a new optional argument' },
  { id: 'argument-optional', breaking: false, bump: 'minor', says: 'an argument no longer required' },
  { id: 'option-added', breaking: false, bump: 'minor', says: 'a new optional option' },
  { id: 'option-optional', breaking: false, bump: 'minor', says: 'an option no longer required' },
  { id: 'short-added', breaking: false, bump: 'minor', says: 'a new short flag' },
  { id: 'env-added', breaking: false, bump: 'minor', says: 'an option newly read from the environment' },
  { id: 'type-widened', breaking: false, bump: 'minor', says: 'an integer that now takes any number' },
  { id: 'choice-added', breaking: false, bump: 'minor', says: 'a new choice, or any value where choices were' },
  { id: 'bounds-widened', breaking: false, bump: 'minor', says: 'a minimum lowered or a maximum raised' },
  { id: 'deprecated', breaking: false, bump: 'minor', says: 'a command or option newly deprecated' },
  { id: 'output-added', breaking: false, bump: 'minor', says: "a schema for a command's data" },
  { id: 'task-added', breaking: false, bump: 'minor', says: 'a command a caller may now run as a task' },
  { id: 'task-optional', breaking: false, bump: 'minor', says: 'a task-only command that may now be waited for' },
  { id: 'effects-narrowed', breaking: false, bump: 'patch', says: 'non_idempotent → idempotent → read_only' },
  { id: 'description-changed', breaking: false, bump: 'patch', says: 'a description, summary or placeholder' },
  { id: 'examples-changed', breaking: false, bump: 'patch', says: "a command's examples" },
  { id: 'secret-changed', breaking: false, bump: 'patch', says: 'an option newly secret, or no longer' },
  { id: 'undeprecated', breaking: false, bump: 'patch', says: 'a deprecation withdrawn' },
] as const satisfies readonly ChangeKind[];

/** One row of `CHANGE_KINDS`. */
export type ChangeKind = {
  /** Stable, kebab-case: `data.changes[].kind`. */
  readonly id: string;
  /** True when a caller written against the old contract may fail against the new one. */
  readonly breaking: boolean;
  /** The semver bump this change alone implies. */
  readonly bump: 'major' | 'minor' | 'patch';
  /** What it is, in a few words. */
  readonly says: string;
};

/** The id of a kind of change. */
export type ChangeKindId = (typeof CHANGE_KINDS)[number]['id'];

/** The row of a kind, by id. */
export const KIND: ReadonlyMap<ChangeKindId, ChangeKind> = new Map(CHANGE_KINDS.map((kind) => [kind.id, kind]));
