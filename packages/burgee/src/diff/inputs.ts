import type { CommandSchema } from '../projections/schema/types.js';
import { type At, type Changes, shown } from './changes.js';
import { type ArgumentFacts, inputFacts, type OptionFacts } from './facts.js';
import { diffAccepts } from './values.js';

/** True when a caller must give the input: the inputSchema's `required`, which agents read (S2). */
const mustGive = (command: CommandSchema, name: string): boolean => command.inputSchema.required.includes(name);

/** Arguments, matched by name: removed, added, moved, and what each accepts (D4). */
export function diffArguments(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  const command = after.name;
  const who = changes.who(command);
  const [was, is] = [inputFacts(before).arguments, inputFacts(after).arguments];
  for (const [index, old] of was.entries()) {
    const at: At = { command, field: `arguments.${old.name}` };
    const now = is.findIndex((a) => a.name === old.name);
    if (now === -1) {
      changes.add('argument-removed', at, `${who} <${old.name}> is gone: a call that gives it is refused`);
      continue;
    }
    if (now !== index)
      changes.add('argument-moved', at, `${who} <${old.name}> is argument ${now + 1} now, not ${index + 1}`, {
        before: index + 1,
        after: now + 1,
      });
    diffArgument(changes, at, { before, after }, old, is[now]!);
  }
  for (const added of is) {
    if (was.some((a) => a.name === added.name)) continue;
    const required = mustGive(after, added.name);
    changes.add(
      required ? 'argument-added-required' : 'argument-added',
      { command, field: `arguments.${added.name}` },
      required
        ? `${who} needs a new argument <${added.name}>: calls without it are refused`
        : `${who} takes a new optional argument <${added.name}>`,
    );
  }
}

type Pair = { before: CommandSchema; after: CommandSchema };

function diffArgument(changes: Changes, at: At, pair: Pair, old: ArgumentFacts, now: ArgumentFacts): void {
  const was = `${changes.who(pair.after.name)} <${old.name}>`;
  const [requiredBefore, requiredAfter] = [mustGive(pair.before, old.name), mustGive(pair.after, now.name)];
  if (requiredBefore !== requiredAfter)
    changes.add(
      requiredAfter ? 'argument-required' : 'argument-optional',
      { ...at, field: `${at.field}.required` },
      requiredAfter ? `${was} is required now` : `${was} may be left out now`,
      { before: requiredBefore, after: requiredAfter },
    );
  if (old.variadic !== now.variadic)
    changes.add(
      'variadic-changed',
      { ...at, field: `${at.field}.variadic` },
      now.variadic
        ? `${was} takes many words now: over MCP its value is an array, and a single string is refused`
        : `${was} takes one word now: a call that gives several is refused`,
      { before: old.variadic, after: now.variadic },
    );
  diffAccepts(changes, at, was, old, now, requiredBefore);
  describe(changes, { ...at, field: `${at.field}.description` }, was, old.description, now.description);
}

/** Options, matched by name (the key agents send): removed, added, and every field of each (D3). */
export function diffOptions(changes: Changes, before: CommandSchema, after: CommandSchema): void {
  const command = after.name;
  const who = changes.who(command);
  const [was, is] = [inputFacts(before).options, inputFacts(after).options];
  const added = is.filter((o) => !was.some((old) => old.name === o.name));
  for (const old of was) {
    const at: At = { command, field: `options.${old.name}` };
    const now = is.find((o) => o.name === old.name);
    if (now === undefined) {
      const renamed = added.find((o) => o.type === old.type && o.description === old.description);
      const guess = renamed === undefined ? '' : ` (renamed to ${renamed.flag}?)`;
      changes.add('option-removed', at, `${who} ${old.flag} is gone${guess}: a call that gives it is refused`);
      continue;
    }
    diffOption(changes, at, { before, after }, old, now);
  }
  for (const option of added) {
    const required = mustGive(after, option.name);
    changes.add(
      required ? 'option-added-required' : 'option-added',
      { command, field: `options.${option.name}` },
      required
        ? `${who} needs a new option ${option.flag}: calls without it are refused`
        : `${who} takes a new option ${option.flag}`,
    );
  }
}

function diffOption(changes: Changes, at: At, pair: Pair, old: OptionFacts, now: OptionFacts): void {
  const was = `${changes.who(pair.after.name)} ${old.flag}`;
  const field = (name: string): At => ({ ...at, field: `${at.field}.${name}` });
  const [requiredBefore, requiredAfter] = [mustGive(pair.before, old.name), mustGive(pair.after, now.name)];
  if (requiredBefore !== requiredAfter)
    changes.add(
      requiredAfter ? 'option-required' : 'option-optional',
      field('required'),
      requiredAfter ? `${was} is required now: calls without it are refused` : `${was} may be left out now`,
      { before: requiredBefore, after: requiredAfter },
    );
  if (old.flag !== now.flag)
    changes.add('flag-changed', field('flag'), `${was} is spelled ${now.flag} now`, {
      before: old.flag,
      after: now.flag,
    });
  diffNamed(changes, field('short'), was, 'short flag', old.short, now.short, ['short-removed', 'short-added']);
  diffNamed(changes, field('env'), was, 'variable', old.env, now.env, ['env-removed', 'env-added']);
  if (old.multiple !== now.multiple)
    changes.add(
      'multiple-changed',
      field('multiple'),
      now.multiple
        ? `${was} repeats now: over MCP its value is an array, and a single value is refused`
        : `${was} no longer repeats: a call that gives it twice, or as a list, is refused`,
      { before: old.multiple, after: now.multiple },
    );
  else if (now.multiple && old.separator !== now.separator)
    changes.add('separator-changed', field('separator'), `${was} splits its values on ${shown(now.separator)} now`, {
      before: old.separator,
      after: now.separator,
    });
  diffAccepts(changes, at, was, old, now, requiredBefore);
  diffMarks(changes, field, was, old, now);
}

/** A short flag or a variable: gone or renamed breaks who typed or set it; a new one breaks nobody. */
function diffNamed(
  changes: Changes,
  at: At,
  was: string,
  what: string,
  before: string | undefined,
  after: string | undefined,
  [removed, added]: ['short-removed' | 'env-removed', 'short-added' | 'env-added'],
): void {
  if (before === after) return;
  if (before === undefined) changes.add(added, at, `${was} has the ${what} ${after} now`, { before: null, after });
  else
    changes.add(
      removed,
      at,
      `${was} no longer answers to the ${what} ${before}${after === undefined ? '' : ` (it is ${after} now)`}`,
      { before, after },
    );
}

/** Deprecation, secrecy, description and placeholder: what the option tells, not what it accepts. */
function diffMarks(
  changes: Changes,
  field: (name: string) => At,
  was: string,
  old: OptionFacts,
  now: OptionFacts,
): void {
  if (old.deprecated === undefined && now.deprecated !== undefined)
    changes.add('deprecated', field('deprecated'), `${was} is deprecated: ${now.deprecated}`, {
      after: now.deprecated,
    });
  else if (old.deprecated !== undefined && now.deprecated === undefined)
    changes.add('undeprecated', field('deprecated'), `${was} is no longer deprecated`, { before: old.deprecated });
  if (old.secret !== now.secret)
    changes.add('secret-changed', field('secret'), `${was} is ${now.secret ? 'secret' : 'no longer secret'} now`, {
      before: old.secret,
      after: now.secret,
    });
  describe(changes, field('description'), was, old.description, now.description);
  if (old.placeholder !== now.placeholder)
    changes.add(
      'description-changed',
      field('placeholder'),
      `${was} shows the placeholder ${shown(now.placeholder)} now`,
      {
        before: old.placeholder,
        after: now.placeholder,
      },
    );
  if (old.deprecated !== undefined && now.deprecated !== undefined && old.deprecated !== now.deprecated)
    changes.add('description-changed', field('deprecated'), `${was} names another replacement`, {
      before: old.deprecated,
      after: now.deprecated,
    });
}

/** A description changed (`at` names its field): a person and an agent read another text, and nothing else changes. */
export function describe(changes: Changes, at: At, was: string, before?: string, after?: string): void {
  if (before !== after) changes.add('description-changed', at, `${was}'s description changed`, { before, after });
}
