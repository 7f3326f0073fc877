import type { Manifest, ManifestCommand, ManifestEffects } from '../../manifest/types.js';
import { listSchemaCommands, toInputSchema } from '../schema/index.js';
import type { InputSchema } from '../schema/types.js';
import { toOutputSchema } from './output-schema.js';
import type { ExampleReader, McpTool, McpToolAnnotations } from './types.js';

/** The commands served as tools: runnable, visible and not withheld (M2). */
export function listToolCommands(manifest: Manifest): ManifestCommand[] {
  return listSchemaCommands(manifest).filter((command) => command.effects !== 'withheld');
}

/** A command's tool name: its path joined by `_` (`config get` → `config_get`), or its own name at the root. */
export const toolName = (command: ManifestCommand): string =>
  command.path.length === 0 ? command.name : command.path.join('_');

/**
 * Two commands whose paths join to one tool name (commander's `a_b` beside a group `a` with `b`):
 * the first such pair, in `--schema` order. A native program cannot have one (its names take no
 * `_`); a foreign program's is refused when served (M2).
 */
export function findToolClash(manifest: Manifest): [ManifestCommand, ManifestCommand] | undefined {
  const seen = new Map<string, ManifestCommand>();
  for (const command of listToolCommands(manifest)) {
    const first = seen.get(toolName(command));
    if (first !== undefined) return [first, command];
    seen.set(toolName(command), command);
  }
  return undefined;
}

/** The command behind a tool name, or undefined when no listed tool has that name (withheld and hidden included). */
export function findToolCommand(manifest: Manifest, name: string): ManifestCommand | undefined {
  return listToolCommands(manifest).find((command) => toolName(command) === name);
}

/**
 * Every tool of the program, in `--schema` order (M2). `read` turns each example into the arguments
 * that run it; without it a description carries no example.
 */
export function toMcpTools(manifest: Manifest, read?: ExampleReader): McpTool[] {
  return listToolCommands(manifest).map((command) => toMcpTool(command, read));
}

/** One command as an MCP tool: name, description with examples, the S2 input schema, hints from effects. */
export function toMcpTool(command: ManifestCommand, read?: ExampleReader): McpTool {
  const tool: McpTool = { name: toolName(command), inputSchema: withoutGivenSecrets(toInputSchema(command), command) };
  const description = toolDescription(command, tool, read);
  if (description !== '') tool.description = description;
  const output = toOutputSchema(command);
  if (output !== undefined) tool.outputSchema = output;
  const annotations = toAnnotations(command.effects);
  if (annotations !== undefined) tool.annotations = annotations;
  if (command.task !== undefined) tool.execution = { taskSupport: command.task };
  return tool;
}

/**
 * The input schema without the secrets the server's environment gives (P2, N5): a call never
 * carries a secret, where it would sit in the agent's transcript, so once its variable is set the
 * property only costs every reader of the list its description. Unset, it stays, saying which
 * variable to set. The server still reads such an argument if a client sends one (argv.ts).
 */
function withoutGivenSecrets(schema: InputSchema, command: ManifestCommand): InputSchema {
  const given = command.options.filter((option) => option.secret && option.envSet === true).map((o) => o.key);
  if (!given.some((key) => Object.hasOwn(schema.properties, key))) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !given.includes(key)));
  return { ...schema, properties, required: schema.required.filter((key) => !given.includes(key)) };
}

/**
 * The description, then each example as the arguments that run it (`Example (once reviewed):
 * {"target":"prod","yes":true}`), keys in inputSchema order: a model copies what it reads, so it
 * reads a call, never a shell line. An example no call of this tool runs is left out.
 */
function toolDescription(command: ManifestCommand, tool: McpTool, read: ExampleReader | undefined): string {
  const lines = [command.description ?? command.summary ?? ''].filter((line) => line !== '');
  for (const example of command.examples) {
    const call = read?.(example.command);
    if (call?.tool !== tool.name) continue;
    const label = example.description === undefined ? 'Example' : `Example (${example.description})`;
    lines.push(`${label}: ${JSON.stringify(inSchemaOrder(call.arguments, tool))}`);
  }
  return lines.join('\n');
}

/** The arguments with their keys in the order the inputSchema lists them: arguments, then options. */
function inSchemaOrder(args: Record<string, unknown>, tool: McpTool): Record<string, unknown> {
  const keys = Object.keys(tool.inputSchema.properties);
  const ordered = keys.filter((key) => Object.hasOwn(args, key));
  const rest = Object.keys(args).filter((key) => !keys.includes(key));
  return Object.fromEntries([...ordered, ...rest].map((key) => [key, args[key]]));
}

// The M2 table, restated as data; `undeclared` (adapters only) and `withheld` carry no hints at all.
const HINTS: Partial<Record<ManifestEffects, McpToolAnnotations>> = {
  read_only: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
  idempotent: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
  non_idempotent: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
};

/** The tool annotations of an effects value, or undefined when the command declared none (M2). */
export function toAnnotations(effects: ManifestEffects | undefined): McpToolAnnotations | undefined {
  const hints = effects === undefined ? undefined : HINTS[effects];
  return hints === undefined ? undefined : { ...hints };
}
