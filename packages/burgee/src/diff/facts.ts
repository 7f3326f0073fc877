import type { Scalar } from '../manifest/types.js';
import { declaredDescription } from '../projections/schema/input-schema.js';
import type { CommandSchema, InputProperty } from '../projections/schema/types.js';
import type { Accepts } from './values.js';

/** What one argument accepts, read from its inputSchema property. */
export type ArgumentFacts = Accepts & { name: string; variadic: boolean; description?: string };

/** What one option is: how it is typed (options[]) and what it accepts (its inputSchema property). */
export type OptionFacts = Accepts & {
  name: string;
  flag: string;
  multiple: boolean;
  description?: string;
  short?: string;
  env?: string;
  separator: string;
  placeholder?: string;
  deprecated?: string;
  secret: boolean;
};

/** A command's inputs, each fact read from the one place `--schema` states it (N5). */
export type InputFacts = { arguments: ArgumentFacts[]; options: OptionFacts[] };

/**
 * The inputs of a command as `burgee diff` compares them: names, order and command-line spelling
 * from `arguments[]` and `options[]`, everything a value may be from the inputSchema. A document
 * written before `options[]` left those to the inputSchema carries the same inputSchema, so either
 * reads the same.
 */
export function inputFacts(command: CommandSchema): InputFacts {
  const property = (name: string): InputProperty => command.inputSchema.properties[name] ?? {};
  return {
    arguments: command.arguments.map(({ name }) => {
      const accepts = acceptsOf(property(name));
      return { name, ...accepts, variadic: isList(property(name)), ...text(property(name)) };
    }),
    options: command.options.map((option) => {
      const input = property(option.name);
      return {
        name: option.name,
        flag: option.flag,
        ...acceptsOf(input),
        multiple: isList(input),
        ...text(input),
        ...(option.short === undefined ? {} : { short: option.short }),
        ...(option.env === undefined ? {} : { env: option.env }),
        separator: option.separator ?? ',',
        ...(option.placeholder === undefined ? {} : { placeholder: option.placeholder }),
        ...(option.deprecated === undefined ? {} : { deprecated: option.deprecated }),
        secret: option.secret === true,
      };
    }),
  };
}

const isList = (input: InputProperty): boolean => input.type === 'array';

/** The description as declared: a note burgee adds follows from a fact compared on its own (secret, env, prompt). */
function text(input: InputProperty): { description?: string } {
  const description = declaredDescription(input.description);
  return description === undefined ? {} : { description };
}

/** The values one input accepts: its type (`integer` apart), choices, bounds and default. */
function acceptsOf(input: InputProperty): Accepts {
  const value = isList(input) ? (input.items ?? {}) : input;
  return {
    type: typeName(value),
    ...(value.enum === undefined ? {} : { choices: value.enum as Scalar[] }),
    ...(input.default === undefined ? {} : { default: input.default }),
    ...(value.minimum === undefined ? {} : { minimum: value.minimum }),
    ...(value.maximum === undefined ? {} : { maximum: value.maximum }),
  };
}

/**
 * One name for a value's type. A flag whose value may be left off is a string or true, written as
 * `anyOf` today and as a list of types by burgee before it: both read the same.
 */
function typeName(value: { type?: unknown; anyOf?: readonly { type?: unknown }[] }): string {
  const types = value.anyOf?.map((branch) => branch.type) ?? [value.type].flat();
  return types.map(String).join(' or ');
}
