import type { ManifestArgument, ManifestCommand, ManifestOption, Scalar } from '../../manifest/types.js';
import type { InputItems, InputProperty, InputSchema, InputValueType } from './types.js';

/** The JSON Schema of a command's inputs: arguments, then visible options (S2). */
export function toInputSchema(command: ManifestCommand): InputSchema {
  const properties: Record<string, InputProperty> = {};
  const required: string[] = [];
  for (const argument of command.arguments) {
    properties[argument.name] = toArgumentProperty(argument);
    if (argument.required) required.push(argument.name);
  }
  for (const option of visibleOptions(command)) {
    properties[option.key] = toOptionProperty(option);
    if (mustBeGiven(option)) required.push(option.key);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * Whether a run needs the option from outside: it is required, or bound to a prompt (which nobody
 * reading a schema can answer, A6), and no default fills it.
 */
export const needsValue = (option: ManifestOption): boolean =>
  (option.required || option.prompt !== undefined) && option.default === undefined;

/**
 * Whether the environment gives the option instead of the caller (P2): its variable is set where
 * the manifest is projected (`envSet`), or it is a secret with a variable, which a caller never
 * types whether or not the variable is set yet: a run without it names the variable instead.
 */
const givenByEnv = (option: ManifestOption): option is ManifestOption & { env: string } =>
  option.env !== undefined && (option.secret || option.envSet === true);

/**
 * Whether a caller reading the schema must pass the option: it is needed, and the environment does
 * not give it. One predicate for the input schema, `--llms` and skills, so none drifts.
 */
export const mustBeGiven = (option: ManifestOption): boolean => needsValue(option) && !givenByEnv(option);

/**
 * Whether the option is needed and the environment is what gives it when the caller passes nothing:
 * every surface that drops it from what must be passed says where it comes from instead.
 */
export const comesFromEnv = (option: ManifestOption): option is ManifestOption & { env: string } =>
  needsValue(option) && givenByEnv(option);

/** What the option's description gains when a person at a terminal would be asked for it. */
const ASKED = 'a person at a terminal is asked for it';

/** The options callers may see: hidden ones exist for the program only. */
export const visibleOptions = (command: ManifestCommand): ManifestOption[] => command.options.filter((o) => !o.hidden);

function toArgumentProperty(argument: ManifestArgument): InputProperty {
  // Key order is part of the contract, as for options: type, description, enum, default.
  const items: InputItems = { type: argument.type };
  if (argument.variadic && argument.choices !== undefined) items.enum = [...argument.choices];
  const property: InputProperty = argument.variadic ? { type: 'array', items } : { type: argument.type };
  if (argument.description !== undefined) property.description = argument.description;
  if (!argument.variadic && argument.choices !== undefined) property.enum = [...argument.choices];
  if (argument.default !== undefined) {
    property.default = typeof argument.default === 'object' ? [...argument.default] : argument.default;
  }
  return property;
}

const valueType = (option: ManifestOption): InputValueType => (option.integer ? 'integer' : option.type);

/**
 * An option as JSON Schema 2020-12 alone says it (N5): how it is spelled on the command line is the
 * server's business (M3 writes it from the manifest) and `options[]`'s in `--schema`.
 */
function toOptionProperty(option: ManifestOption): InputProperty {
  // Key order is part of the contract (S2 is compared byte for byte), so each branch builds in order.
  const property: InputProperty = option.multiple
    ? { type: 'array', items: toItems(option) }
    : option.valueOptional === true
      ? { anyOf: [{ type: 'string' }, { type: 'boolean' }] }
      : { type: valueType(option) };
  const description = describeOption(option);
  if (description !== undefined) property.description = description;
  if (!option.multiple && option.choices !== undefined) property.enum = [...option.choices];
  const fallback = publishedDefault(option);
  if (fallback !== undefined) property.default = fallback;
  if (!option.multiple) addBounds(property, option);
  if (option.deprecated !== undefined) property.deprecated = true;
  return property;
}

function describeOption(option: ManifestOption): string | undefined {
  const notes = [
    ...(option.env !== undefined && (option.secret || comesFromEnv(option)) ? [fromEnvNote(option)] : []),
    ...(option.prompt === undefined || option.default !== undefined ? [] : [ASKED]),
  ];
  if (notes.length === 0) return option.description;
  const text = notes.join('; ');
  return option.description === undefined
    ? `${text[0]?.toUpperCase()}${text.slice(1)}`
    : `${option.description}; ${text}`;
}

/**
 * Where a needed option's value comes from when the call leaves it out: the server's environment.
 * A secret is never to be written into a call, where it would sit in the agent's transcript.
 */
const fromEnvNote = (option: ManifestOption & { env?: string }): string =>
  option.secret
    ? `a secret, read from $${option.env} in the server's environment: never pass it here`
    : `read from $${option.env} in the server's environment when not given`;

// The notes describeOption appends, each as the end of a description (the first letter of one that
// stands alone is a capital).
const NOTES = [
  /a secret, read from \$\S+ in the server's environment: never pass it here$/i,
  /read from \$\S+ in the server's environment when not given$/i,
  new RegExp(`${ASKED}$`, 'i'),
];

/**
 * The description an option declared, from its inputSchema description without the notes burgee
 * added (where the value comes from, who is asked): those follow from other facts, so `burgee diff`
 * reports a change of them once, as that fact's.
 */
export function declaredDescription(text: string | undefined): string | undefined {
  let rest = text;
  while (rest !== undefined) {
    const note = NOTES.map((pattern) => pattern.exec(rest!)).find((match) => match !== null);
    if (note === undefined) return rest;
    const before = rest.slice(0, note.index);
    if (before === '') return undefined;
    if (!before.endsWith('; ')) return rest;
    rest = before.slice(0, -2);
  }
  return rest;
}

function toItems(option: ManifestOption): InputItems {
  const items: InputItems = { type: valueType(option) };
  if (option.choices !== undefined) items.enum = [...option.choices];
  addBounds(items, option);
  return items;
}

function addBounds(target: { minimum?: number; maximum?: number }, option: ManifestOption): void {
  if (option.minimum !== undefined) target.minimum = option.minimum;
  if (option.maximum !== undefined) target.maximum = option.maximum;
}

/** The default as callers may see it: never a secret, and always an array for repeatable options. */
export function publishedDefault(option: ManifestOption): Scalar | Scalar[] | undefined {
  if (option.secret || option.default === undefined) return undefined;
  if (Array.isArray(option.default)) return [...option.default];
  return option.multiple ? [option.default] : option.default;
}
