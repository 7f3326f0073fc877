import type { Manifest, ManifestCommand, ManifestEffects } from '../../manifest/types.js';
import { listSchemaCommands, toInputSchema } from '../schema/index.js';
import { toOutputSchema } from './output-schema.js';
import type { McpTool, McpToolAnnotations } from './types.js';

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

/** Every tool of the program, in `--schema` order (M2). */
export function toMcpTools(manifest: Manifest): McpTool[] {
  return listToolCommands(manifest).map(toMcpTool);
}

/** One command as an MCP tool: name, description with examples, the S2 input schema, hints from effects. */
export function toMcpTool(command: ManifestCommand): McpTool {
  const tool: McpTool = { name: toolName(command), inputSchema: toInputSchema(command) };
  const description = toolDescription(command);
  if (description !== '') tool.description = description;
  const output = toOutputSchema(command);
  if (output !== undefined) tool.outputSchema = output;
  const annotations = toAnnotations(command.effects);
  if (annotations !== undefined) tool.annotations = annotations;
  return tool;
}

/** The description, then one `Example:` line per example, so an agent sees how a person would run it. */
function toolDescription(command: ManifestCommand): string {
  const lines = [command.description ?? command.summary ?? ''].filter((line) => line !== '');
  for (const example of command.examples) {
    lines.push(`Example: ${example.command}${example.description === undefined ? '' : ` (${example.description})`}`);
  }
  return lines.join('\n');
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
