import type { ManifestArgument, ManifestCommand, ManifestExample, ManifestOption } from '../../manifest/types.js';
import { mustBeGiven, publishedDefault, toInputSchema, visibleOptions } from './input-schema.js';
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
  };
}

function toArgumentSchema(argument: ManifestArgument): ArgumentSchema {
  const fallback = argument.default;
  return {
    name: argument.name,
    type: argument.type,
    ...when('description', argument.description),
    required: argument.required,
    variadic: argument.variadic,
    ...when('default', typeof fallback === 'object' ? [...fallback] : fallback),
    ...when('choices', argument.choices === undefined ? undefined : [...argument.choices]),
  };
}

function toOptionSchema(option: ManifestOption): OptionSchema {
  return {
    name: option.key,
    flag: option.flag,
    type: option.type,
    ...when('description', option.description),
    // A prompt-bound option is needed as a required one is: asked of a person, refused to anyone else.
    required: mustBeGiven(option) || option.required,
    ...when('default', publishedDefault(option)),
    ...when('short', option.short),
    ...when('env', option.env),
    ...when('choices', option.choices === undefined ? undefined : [...option.choices]),
    ...when('multiple', option.multiple ? (true as const) : undefined),
    // The comma is the documented default separator, so only a different one is worth publishing.
    ...when('separator', option.multiple && option.separator !== ',' ? option.separator : undefined),
    ...when('minimum', option.minimum),
    ...when('maximum', option.maximum),
    ...when('integer', option.integer ? (true as const) : undefined),
    ...when('placeholder', option.placeholder),
    ...when('deprecated', option.deprecated),
    ...when('secret', option.secret ? (true as const) : undefined),
  };
}

const toExampleSchema = (example: ManifestExample): ExampleSchema => ({
  command: example.command,
  ...when('description', example.description),
});
