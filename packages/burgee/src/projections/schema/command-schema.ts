import type { ManifestArgument, ManifestCommand, ManifestExample, ManifestOption } from '../../manifest/types.js';
import { requiredUnlessEnv, showsNegation } from '../help/usage.js';
import { toInputSchema, visibleOptions } from './input-schema.js';
import type { ArgumentSchema, CommandSchema, ExampleSchema, OptionSchema } from './types.js';

/** The name `--schema` gives a command: its path without the program, or its own name at the root. */
export const schemaCommandName = (command: ManifestCommand): string =>
  command.path.length === 0 ? command.name : command.path.join(' ');

// Each `when` spread keeps an absent key absent (never `undefined`) and fixes the published key order.
const when = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** One command in full, as `--schema` lists it and as drilling prints it (S1, S3). */
export function toCommandSchema(command: ManifestCommand): CommandSchema {
  return {
    name: schemaCommandName(command),
    ...when('description', command.description),
    ...when('summary', command.summary),
    // Groups run nothing and carry no effects; 'undeclared' keeps the published shape total.
    effects: command.effects ?? 'undeclared',
    ...when('deprecated', command.deprecated),
    arguments: command.arguments.map(toArgumentSchema),
    options: visibleOptions(command).map(toOptionSchema),
    examples: command.examples.map(toExampleSchema),
    inputSchema: toInputSchema(command),
    ...when('output', command.output === undefined ? undefined : structuredClone(command.output)),
    ...when('task', command.task),
  };
}

/** A positional's name, in the order it is typed: everything it accepts is its inputSchema property's. */
const toArgumentSchema = (argument: ManifestArgument): ArgumentSchema => ({ name: argument.name });

/**
 * What a command line needs of an option beyond its inputSchema property (N5: each fact once):
 * the key it is read under and how it is spelled, where a variable may stand in, and the marks a
 * caller must heed. Type, description, choices, default, bounds and whether it repeats are the
 * inputSchema's, and `required` there is what a caller must pass.
 */
function toOptionSchema(option: ManifestOption): OptionSchema {
  return {
    name: option.key,
    flag: option.flag,
    ...when('short', option.short),
    ...when('env', option.env),
    // Needed on the command line unless its variable is set: help's "required unless $X" (P2).
    ...when('requiredUnlessEnv', requiredUnlessEnv(option) ? (true as const) : undefined),
    // On unless turned off, so the `--no-` form is how a caller says false, as help shows `--[no-]x`.
    ...when('negatable', showsNegation(option) ? (true as const) : undefined),
    // The comma is the documented default separator, so only a different one is worth publishing.
    ...when('separator', option.multiple && option.separator !== ',' ? option.separator : undefined),
    ...when('placeholder', option.placeholder),
    ...when('deprecated', option.deprecated),
    ...when('secret', option.secret ? (true as const) : undefined),
  };
}

const toExampleSchema = (example: ManifestExample): ExampleSchema => ({
  command: example.command,
  ...when('description', example.description),
});
