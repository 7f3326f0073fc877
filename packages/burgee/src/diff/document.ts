import type { CommandSchema, FullSchemaDocument } from '../projections/schema/types.js';
import { Changes } from './changes.js';
import { diffCommand } from './command.js';
import { describe } from './inputs.js';
import type { DiffReport } from './types.js';

/**
 * Every change from one `--schema --full` document to another, classed breaking or compatible,
 * and the semver bump they imply (X4). A pure function of the two documents: the program, its
 * exit codes, then each command (matched by name) in the order of the new document, removed
 * ones where they stood.
 */
export function diffDocuments(before: FullSchemaDocument, after: FullSchemaDocument): DiffReport {
  const changes = new Changes(after.name);
  if (before.name !== after.name)
    changes.add(
      'program-renamed',
      { field: 'name' },
      `the program is called ${after.name} now, not ${before.name}: every call names it`,
      {
        before: before.name,
        after: after.name,
      },
    );
  describe(changes, { field: 'description' }, after.name, before.description, after.description);
  diffExitCodes(changes, before.exitCodes, after.exitCodes);
  const kept = new Map(after.commands.map((command) => [command.name, command]));
  const added = after.commands.filter((command) => !before.commands.some((old) => old.name === command.name));
  for (const old of before.commands) {
    const now = kept.get(old.name);
    if (now !== undefined) diffCommand(changes, old, now);
    else {
      const twin = added.find((command) => sameShape(old, command));
      const guess = twin === undefined ? '' : ` (renamed to ${twin.name}?)`;
      changes.add(
        'command-removed',
        { command: old.name },
        `${changes.who(old.name)} is gone${guess}: calls to it fail`,
      );
    }
  }
  for (const command of added)
    changes.add('command-added', { command: command.name }, `${changes.who(command.name)} is new (${command.effects})`);
  return changes.report();
}

/** Same effects, arguments and options: what a rename leaves as it was. */
const sameShape = (a: CommandSchema, b: CommandSchema): boolean =>
  a.effects === b.effects &&
  JSON.stringify(a.arguments.map((x) => x.name)) === JSON.stringify(b.arguments.map((x) => x.name)) &&
  JSON.stringify(a.options.map((x) => x.name)) === JSON.stringify(b.options.map((x) => x.name));

/** The exit-code table (E1): a name gone, a name on another number, a number under another name. */
function diffExitCodes(changes: Changes, before: Record<string, number>, after: Record<string, number>): void {
  const nameOf = (table: Record<string, number>, code: number) =>
    Object.entries(table).find(([, c]) => c === code)?.[0];
  // Own keys only: a code named `__proto__` or `constructor` is a name like any other.
  const has = (table: Record<string, number>, name: string) => Object.hasOwn(table, name);
  for (const [name, code] of Object.entries(before)) {
    const now = has(after, name) ? after[name] : undefined;
    if (now === code) continue;
    const at = { field: `exitCodes.${name}` };
    if (now !== undefined) {
      changes.add('exit-code-changed', at, `exit code ${name} is ${now} now, not ${code}`, {
        before: code,
        after: now,
      });
      continue;
    }
    const successor = nameOf(after, code);
    if (successor !== undefined && !has(before, successor))
      changes.add('exit-code-changed', at, `exit code ${code} means ${successor} now, not ${name}`, {
        before: name,
        after: successor,
      });
    else changes.add('exit-code-removed', at, `exit code ${name} (${code}) is gone`, { before: code });
  }
  for (const [name, code] of Object.entries(after)) {
    if (has(before, name)) continue;
    const previous = nameOf(before, code);
    const at = { field: `exitCodes.${name}` };
    if (previous === undefined)
      changes.add('exit-code-added', at, `exit code ${name} (${code}) is new`, { after: code });
    // A previous name still in the table moved, or now shares its number: callers read the number another way.
    else if (has(after, previous))
      changes.add('exit-code-changed', at, `exit code ${code} is ${name} now, where it was ${previous}`, {
        before: previous,
        after: name,
      });
  }
}
