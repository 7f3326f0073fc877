import { reservedKeys } from '../manifest/globals.js';
import { DISCOVERY_TOOL } from '../manifest/names.js';
import { checkCommand, RESERVED_OPTIONS, reservedProblem } from './check.js';
import { checkSettingsProblems } from './check-settings.js';
import { DefinitionError } from './errors.js';
import type {
  ArgumentSpecs,
  Command,
  CommandDefinition,
  LooseCommandDefinition,
  OptionSpecs,
  Program,
  ProgramDefinition,
} from './types.js';

/**
 * Declares a command. The definition is checked at once; a broken one throws a
 * `DefinitionError` naming the command and every remedy (D1).
 */
export function defineCommand<const O extends OptionSpecs = Record<never, never>, const A extends ArgumentSpecs = []>(
  definition: CommandDefinition<O, A>,
): Command {
  const problems = checkCommand(definition as unknown as LooseCommandDefinition, []);
  if (problems.length > 0) throw new DefinitionError(formatProblems(problems));
  return Object.freeze({ ...definition }) as unknown as Command;
}

/** Declares a program: its name, version, commands and the settings every command shares. */
export function defineProgram(definition: ProgramDefinition): Program {
  const root = { name: definition.name, commands: definition.commands } as unknown as Command;
  // Each command was checked against the names reserved everywhere; config files reserve two more (P3).
  const reserved = reservedKeys({ config: definition.config === true }).filter(
    (key) => !RESERVED_OPTIONS.includes(key),
  );
  const problems = checkTree(root, [], reserved);
  if (typeof definition.name !== 'string' || definition.name.length === 0) problems.unshift('a program needs a name');
  if (definition.envPrefix !== undefined && !/^[A-Z][A-Z0-9_]*$/.test(definition.envPrefix)) {
    problems.push(
      `program "${definition.name}" has envPrefix "${definition.envPrefix}"; use upper-case letters, digits and underscores, like "TOOL"`,
    );
  }
  if (
    definition.schemaBudget !== undefined &&
    !(Number.isInteger(definition.schemaBudget) && definition.schemaBudget > 0)
  ) {
    problems.push(
      `program "${definition.name}" has schemaBudget ${definition.schemaBudget}; use a positive whole number of characters`,
    );
  }
  problems.push(...checkToolBudget(definition));
  const ask = definition.mcp?.ask;
  if (ask !== undefined && typeof ask !== 'boolean') {
    problems.push(`program "${definition.name}" has mcp.ask ${JSON.stringify(ask)}; use true or false`);
  }
  if (definition.check !== undefined)
    problems.push(...checkSettingsProblems(definition.check, `program "${definition.name}"`));
  if (problems.length > 0) throw new DefinitionError(formatProblems(problems));
  return Object.freeze({ ...definition, root }) as Program;
}

/**
 * `mcp.toolBudget`: a positive whole number of characters, or `Infinity` for every tool. Unless it
 * is `Infinity`, a program whose tools outgrow it lists a discovery tool (the default budget
 * included), so no command may take that tool's name (M2).
 */
function checkToolBudget(definition: ProgramDefinition): string[] {
  const budget = definition.mcp?.toolBudget;
  if (budget === Number.POSITIVE_INFINITY) return [];
  if (budget !== undefined && !(Number.isInteger(budget) && budget > 0)) {
    return [
      `program "${definition.name}" has mcp.toolBudget ${budget}; use a positive whole number of characters, or Infinity to list every tool`,
    ];
  }
  const [group, name] = DISCOVERY_TOOL.split('_');
  const taken = definition.commands.some(
    (command) => command.name === group && command.commands?.some((child) => child.name === name),
  );
  return taken
    ? [
        `program "${definition.name}" has a command "${group} ${name}", whose tool name ${DISCOVERY_TOOL} a long tool list gives to its discovery tool; rename the command, or set mcp.toolBudget to Infinity to list every tool`,
      ]
    : [];
}

/** Turns a single command into a one-command program, so `run(command)` works (D1). */
export function toProgram(target: Program | Command): Program {
  if (isProgram(target)) return target;
  return Object.freeze({ name: target.name, commands: [], root: target }) as unknown as Program;
}

/** True for what `defineProgram` returned. */
export const isProgram = (value: unknown): value is Program =>
  typeof value === 'object' && value !== null && 'root' in value && 'commands' in value;

/** Each command was checked when defined; the tree adds what only the full path shows. */
function checkTree(node: Command, path: readonly string[], reserved: readonly string[]): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(node.options ?? {})) {
    if (reserved.includes(key))
      problems.push(
        `${reservedProblem(`command "${path.join(' ') || node.name}" option "${key}"`, key)} (the program reads config files)`,
      );
  }
  const seen = new Set<string>();
  for (const child of node.commands ?? []) {
    const full = [...path, child.name];
    if (seen.has(child.name)) problems.push(`program has two commands named "${full.join(' ')}"; rename one`);
    seen.add(child.name);
    const toolName = full.join('_');
    if (toolName.length > 128) {
      problems.push(
        `command "${full.join(' ')}" becomes the MCP tool name "${toolName}", longer than 128 characters; shorten the command path`,
      );
    }
    problems.push(...checkTree(child, full, reserved));
  }
  return problems;
}

const formatProblems = (problems: readonly string[]): string =>
  problems.length === 1
    ? `burgee: ${problems[0]}`
    : `burgee: ${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
