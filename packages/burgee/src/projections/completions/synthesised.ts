import { TASKS_ACTIONS } from '../../manifest/synthesised.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { CLIENTS, MCP_ACTIONS, MCP_VALUE_FLAGS, SCOPES } from '../client-config/index.js';
import {
  agentGroupPaths,
  SKILL_AGENT_IDS,
  SKILL_SCOPES,
  SKILLS_ACTIONS,
  SKILLS_ADD_SWITCHES,
  SKILLS_ADD_VALUE_FLAGS,
} from '../skills/index.js';
import { SHELLS } from './shells.js';
import type { CompletionNode } from './table.js';

/**
 * What may follow each synthesised command a program offers (C1): `completion <shell>`,
 * `mcp <config|install> <client>` with its flags, and `help <command…>` down to every group.
 * Written from the same lists the commands read their words with, so the two cannot disagree.
 */
export function synthesisedNodes(manifest: Manifest, names: readonly string[]): CompletionNode[] {
  return names.flatMap((name) => {
    if (name === 'completion') return [wordsNode('completion', [], [[...SHELLS]])];
    if (name === 'mcp') return mcpNodes();
    if (name === 'help') return helpNodes(manifest.root);
    if (name === 'skills') return skillsNodes(manifest);
    if (name === 'tasks') return [wordsNode('tasks', [...TASKS_ACTIONS])];
    return [];
  });
}

function wordsNode(path: string, commands: string[], choices?: string[][], flags = ['--json']): CompletionNode {
  const node: CompletionNode = { path, commands, flags, values: [] };
  if (choices !== undefined) node.arguments = { choices, variadic: false };
  return node;
}

function mcpNodes(): CompletionNode[] {
  const action = (name: (typeof MCP_ACTIONS)[number]): CompletionNode => ({
    ...wordsNode(`mcp ${name}`, [], [[...CLIENTS]]),
    flags: [...MCP_VALUE_FLAGS, ...(name === 'install' ? ['--dry-run'] : []), '--json'],
    // --scope's values; after --http (a URL), --token-env and --env (variable names) nothing, never file names.
    values: MCP_VALUE_FLAGS.map((flag) => ({
      spellings: [flag],
      choices: flag === '--scope' ? [...SCOPES] : [],
      dynamic: false,
    })),
  });
  return [wordsNode('mcp', [...MCP_ACTIONS]), ...MCP_ACTIONS.map(action)];
}

/** `help` takes a command path: each group's node offers its subcommands, as the program's own do. */
function helpNodes(root: ManifestCommand): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const visit = (command: ManifestCommand): void => {
    const children = command.commands.filter((child) => !child.hidden);
    if (children.length === 0 && command !== root) return;
    nodes.push(
      wordsNode(
        ['help', ...command.path].join(' '),
        children.map((child) => child.name),
        undefined,
        ['--all', '--json'],
      ),
    );
    for (const child of children) visit(child);
  };
  visit(root);
  return nodes;
}

/** `skills print <group…>`: the groups a skill can be printed for, each offering the groups below it. */
function skillsNodes(manifest: Manifest): CompletionNode[] {
  const paths = agentGroupPaths(manifest);
  const below = (path: readonly string[]) =>
    paths.filter((p) => p.length === path.length + 1 && path.every((word, i) => p[i] === word)).map((p) => p.at(-1)!);
  const print = [[], ...paths].map((path) => wordsNode(['skills', 'print', ...path].join(' '), below(path)));
  const add: CompletionNode = {
    ...wordsNode('skills add', []),
    flags: [...SKILLS_ADD_VALUE_FLAGS, ...SKILLS_ADD_SWITCHES, '--json'],
    values: [
      { spellings: ['--agent'], choices: [...SKILL_AGENT_IDS], dynamic: false },
      { spellings: ['--scope'], choices: [...SKILL_SCOPES], dynamic: false },
    ],
  };
  return [wordsNode('skills', [...SKILLS_ACTIONS]), ...print, add];
}
