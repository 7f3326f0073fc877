/**
 * What an MCP server asks its client's user (Q1, Q4): the form for a command's unanswered bound
 * prompts, projected from the options, and the yes/no form of a confirmation. Plain data, the
 * `requestedSchema` of MCP's form elicitation (flat properties of primitive types).
 */
import type { ManifestCommand, ManifestOption, Scalar } from '../../manifest/types.js';
import type { McpTool } from './types.js';

/** A form elicitation's parameters, as `elicitation/create` and `inputRequests` carry them. */
export type QuestionForm = {
  mode: 'form';
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, FormField>; required: string[] };
};

/** One field of a form: a primitive, or for a repeatable option with choices, a list of them. */
export type FormField = {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title: string;
  description?: string;
  enum?: string[];
  items?: { type: 'string'; enum: string[] };
  minimum?: number;
  maximum?: number;
  default?: Scalar | string[];
};

/** Whether a client may be asked for the option by form: never for a secret or a password (Q2). */
export const isAskable = (option: ManifestOption): boolean =>
  option.prompt !== undefined && !option.secret && option.prompt.kind !== 'password';

/**
 * One form for every option still to ask (Q1): title = the flag, the prompt's message and the
 * option's description, its type, choices as an enum. `problems` (answers that were refused, in
 * the flags' own words) lead the message when a form asks again.
 */
export function toQuestionForm(
  programName: string,
  command: ManifestCommand,
  options: readonly ManifestOption[],
  problems: readonly string[] = [],
): QuestionForm {
  const properties: Record<string, FormField> = {};
  for (const option of options) properties[option.key] = toField(option);
  const asked = options.map((option) => option.prompt!.message).join(' ');
  const line = [programName, ...command.path].join(' ');
  const message = [...problems, `${line}: ${asked}`].join('\n');
  return { mode: 'form', message, requestedSchema: { type: 'object', properties, required: Object.keys(properties) } };
}

function toField(option: ManifestOption): FormField {
  const prompt = option.prompt!;
  const described = option.description === undefined ? prompt.message : `${prompt.message} (${option.description})`;
  const field: FormField = { type: fieldType(option), title: option.flag, description: described };
  // Form enums are strings; an answer is read back as the flag's value would be, numbers included.
  const choices = option.choices?.map(String);
  if (option.multiple && choices !== undefined) field.items = { type: 'string', enum: choices };
  else if (option.multiple && option.separator !== undefined)
    field.description = `${described}; several values separated by "${option.separator}"`;
  else if (choices !== undefined) field.enum = choices;
  if (field.type === 'number' || field.type === 'integer') {
    if (option.minimum !== undefined) field.minimum = option.minimum;
    if (option.maximum !== undefined) field.maximum = option.maximum;
  }
  return field;
}

function fieldType(option: ManifestOption): FormField['type'] {
  if (option.multiple) return option.choices === undefined ? 'string' : 'array';
  if (option.choices !== undefined || option.type === 'string') return 'string';
  if (option.type === 'boolean') return 'boolean';
  return option.integer ? 'integer' : 'number';
}

/** The key under which a confirmation's answer comes back. */
export const CONFIRM_FIELD = 'confirm';

/** The yes/no form of `ctx.actionRequired({ reason: 'confirm' })` (Q4): the message and the command line that would run. */
export function toConfirmForm(message: string, commandLine: string): QuestionForm {
  return {
    mode: 'form',
    message: `${message}\nConfirming runs: ${commandLine}`,
    requestedSchema: {
      type: 'object',
      properties: {
        [CONFIRM_FIELD]: { type: 'boolean', title: 'Confirm', description: `Run ${commandLine}`, default: false },
      },
      required: [CONFIRM_FIELD],
    },
  };
}

/**
 * The tool as a client that can be asked sees it (Q5): a prompt-bound option without a default is
 * optional, since the server asks for it; a secret stays required, as it is never asked.
 */
export function withAskedOptional(tool: McpTool, command: ManifestCommand): McpTool {
  const asked = new Set(command.options.filter((o) => isAskable(o) && o.default === undefined).map((o) => o.key));
  if (!tool.inputSchema.required.some((key) => asked.has(key))) return tool;
  const required = tool.inputSchema.required.filter((key) => !asked.has(key));
  return { ...tool, inputSchema: { ...tool.inputSchema, required } };
}
