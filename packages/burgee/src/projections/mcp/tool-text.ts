import type { InputItems, InputProperty } from '../schema/types.js';
import type { McpTool } from './types.js';

/**
 * The discovery tool's answer (M2, N5): a group's tools as lines a model reads, each fact of the
 * tools' JSON once and nothing of its punctuation. JSON inside a text block is escaped twice on the
 * wire and costs a model about twice the tokens of these lines for the same facts. The tools
 * themselves are listed by `tools/list` from then on, for clients that validate arguments; the
 * discovery tool's description says so, and how to read these lines (`TOOLS_TEXT_KEY`), once.
 */
export function renderToolsText(tools: readonly McpTool[]): string {
  return tools.map(renderTool).join('\n\n');
}

/**
 * How to read the discovery tool's answer, said once in its description rather than in every
 * answer: the effects words are the tools' hints (M2's table).
 */
export const TOOLS_TEXT_KEY =
  'It answers `name (effects): summary` per tool, a line per input (a string unless noted), examples as arguments. read_only: reads only; idempotent: safe to retry; non_idempotent: changes state on every call, so ask the user first and never retry blindly.';

function renderTool(tool: McpTool): string {
  const [summary = '', ...examples] = (tool.description ?? '').split('\n');
  const required = new Set(tool.inputSchema.required);
  const inputs = Object.entries(tool.inputSchema.properties).map(
    ([name, property]) => `- ${name}${notes(property, required.has(name))}${describe(property)}`,
  );
  return [`${tool.name} (${effectsOf(tool)})${summary === '' ? '' : `: ${summary}`}`, ...inputs, ...examples].join(
    '\n',
  );
}

/** The effects word a tool's hints stand for (M2's table read backwards). */
function effectsOf(tool: McpTool): string {
  const hints = tool.annotations;
  if (hints === undefined) return 'effects undeclared';
  if (hints.readOnlyHint) return 'read_only';
  return hints.idempotentHint ? 'idempotent' : 'non_idempotent';
}

const describe = (property: InputProperty): string =>
  property.description === undefined ? '' : `: ${property.description}`;

function notes(property: InputProperty, required: boolean): string {
  const said = [
    property.anyOf !== undefined ? 'a string, or true' : kind(property.type, property),
    required ? 'required' : '',
    property.default === undefined ? '' : `default ${value(property.default)}`,
    property.deprecated ? 'deprecated' : '',
  ].filter((note) => note !== '');
  return said.length === 0 ? '' : ` (${said.join('; ')})`;
}

/** Type, choices and bounds in one phrase: `integer 1–20`, `preview | production`, `list of integer`. */
function kind(type: InputProperty['type'], shape: InputItems | InputProperty): string {
  if (type === 'array') {
    const items = (shape as InputProperty).items;
    const of = items === undefined ? '' : kind(items.type, items);
    return of === '' ? 'list' : `list of ${of}`;
  }
  if (shape.enum !== undefined) return shape.enum.map(value).join(' | ');
  const base = type === 'string' || type === undefined ? '' : type;
  return [base, bounds(shape)].filter((part) => part !== '').join(' ');
}

function bounds({ minimum, maximum }: { minimum?: number; maximum?: number }): string {
  if (minimum !== undefined && maximum !== undefined) return `${minimum}–${maximum}`;
  if (minimum !== undefined) return `≥ ${minimum}`;
  return maximum === undefined ? '' : `≤ ${maximum}`;
}

/** A value as a call would carry it; a plain word needs no quotes to be read as one. */
const value = (fact: unknown): string =>
  typeof fact === 'string' && /^[\w.:/@+-]+$/.test(fact) && !/^(true|false|null|-?\d)/.test(fact)
    ? fact
    : JSON.stringify(fact);
