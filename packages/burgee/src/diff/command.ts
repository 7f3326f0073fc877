import type { CommandSchema } from '../projections/schema/types.js';
import { type Changes, sameValue } from './changes.js';
import { describe, diffArguments, diffOptions } from './inputs.js';

// What a call may do to the world, from least to most: an agent asks before calling higher ones.
// An undeclared command carries no hints, which MCP clients read as the most (destructive, not idempotent).
const REACH: Readonly<Record<string, number>> = { read_only: 0, idempotent: 1, non_idempotent: 2, undeclared: 2 };

/** Every change between two versions of one command (S1): effects, texts, examples, output, inputs. */
export function diffCommand(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  diffEffects(changes, before, after);
  const command = after.name;
  const who = changes.who(command);
  describe(changes, { command, field: 'description' }, who, before.description, after.description);
  describe(changes, { command, field: 'summary' }, `${who}'s summary`, before.summary, after.summary);
  if (before.deprecated === undefined && after.deprecated !== undefined)
    changes.add('deprecated', { command, field: 'deprecated' }, `${who} is deprecated: ${after.deprecated}`, {
      after: after.deprecated,
    });
  else if (before.deprecated !== undefined && after.deprecated === undefined)
    changes.add('undeprecated', { command, field: 'deprecated' }, `${who} is no longer deprecated`, {
      before: before.deprecated,
    });
  if (!sameValue(before.examples, after.examples))
    changes.add('examples-changed', { command, field: 'examples' }, `${who}'s examples changed`, {
      before: before.examples.map((e) => e.command),
      after: after.examples.map((e) => e.command),
    });
  diffOutput(changes, before, after);
  diffTask(changes, before, after);
  diffArguments(changes, before, after);
  diffOptions(changes, before, after);
}

function diffEffects(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  const [was, now] = [before.effects, after.effects];
  if (was === now) return;
  const at = { command: after.name, field: 'effects' };
  const values = { before: was, after: now };
  if (now === 'withheld')
    changes.add(
      'command-withheld',
      at,
      `${changes.who(after.name)} is withheld now: agents no longer get it as an MCP tool`,
      values,
    );
  else if (was === 'withheld')
    changes.add('command-unwithheld', at, `${changes.who(after.name)} is served to agents now, as ${now}`, values);
  else if ((REACH[now] ?? 2) > (REACH[was] ?? 2))
    changes.add(
      'effects-widened',
      at,
      `${changes.who(after.name)} is ${now} now, not ${was}: agents that called it freely must ask first`,
      values,
    );
  else changes.add('effects-narrowed', at, `${changes.who(after.name)} is ${now} now, not ${was}`, values);
}

function diffOutput(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  if (sameValue(before.output, after.output)) return;
  const at = { command: after.name, field: 'output' };
  if (before.output === undefined)
    changes.add('output-added', at, `${changes.who(after.name)} publishes the schema of its data now`, {
      after: after.output,
    });
  // Whether one JSON Schema accepts all another does is not decided here: any change counts.
  else
    changes.add(
      'output-changed',
      at,
      after.output === undefined
        ? `${changes.who(after.name)} no longer publishes the schema of its data`
        : `${changes.who(after.name)}'s data has another schema: callers reading its fields may break`,
      { before: before.output, after: after.output },
    );
}

/** Whether a caller may, or must, run the command as a task (B1): a plain call refused, or a task call, breaks callers. */
function diffTask(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  const [was, now] = [before.task, after.task];
  if (was === now) return;
  const at = { command: after.name, field: 'task' };
  const who = changes.who(after.name);
  const values = { before: was, after: now };
  if (now === undefined)
    changes.add('task-removed', at, `${who} no longer runs as a task: task calls are refused`, values);
  else if (now === 'required')
    changes.add('task-required', at, `${who} runs only as a task now: plain calls are refused`, values);
  else if (was === undefined) changes.add('task-added', at, `${who} may run as a task now`, values);
  else changes.add('task-optional', at, `${who} may be waited for now, not only run as a task`, values);
}
