import type { Manifest, ManifestCommand } from '../../manifest/types.js';

/** A group of commands and the commands below it an agent may run. */
export type AgentGroup = { group: ManifestCommand; commands: ManifestCommand[] };

/** True when an agent may run the command: it runs something and is not withheld from agents (L2). */
const forAgents = (command: ManifestCommand): boolean => command.runnable && command.effects !== 'withheld';

/** The subcommands an agent may see: hidden ones, and everything below them, are left out (L2). */
const shown = (command: ManifestCommand): ManifestCommand[] => command.commands.filter((child) => !child.hidden);

/** The commands an agent may run at or below `scope`, depth first, in declaration order. */
export function agentCommands(scope: ManifestCommand): ManifestCommand[] {
  const found: ManifestCommand[] = [];
  const visit = (command: ManifestCommand): void => {
    if (forAgents(command)) found.push(command);
    for (const child of shown(command)) visit(child);
  };
  visit(scope);
  return found;
}

/** The groups directly below `scope` (subcommands that have subcommands) holding a command an agent may run. */
export function agentGroups(scope: ManifestCommand): AgentGroup[] {
  return shown(scope)
    .filter((child) => shown(child).length > 0)
    .map((group) => ({ group, commands: agentCommands(group) }))
    .filter((entry) => entry.commands.length > 0);
}

/** The commands directly at `scope` that belong to no group below it: itself when it runs, and its leaves. */
export function looseCommands(scope: ManifestCommand): ManifestCommand[] {
  const leaves = shown(scope).filter((child) => shown(child).length === 0 && forAgents(child));
  return forAgents(scope) ? [scope, ...leaves] : leaves;
}

/**
 * What a skill at `scope` is about, in declaration order: itself when it runs, then each subcommand an
 * agent may run and each group holding one.
 */
export function topItems(scope: ManifestCommand): ManifestCommand[] {
  const items = shown(scope).filter((child) =>
    shown(child).length > 0 ? agentCommands(child).length > 0 : forAgents(child),
  );
  return forAgents(scope) ? [scope, ...items] : items;
}

/** The group at `path` when an agent may run something below it; undefined for anything else. */
export function findAgentGroup(manifest: Manifest, path: readonly string[]): AgentGroup | undefined {
  let node: ManifestCommand | undefined = manifest.root;
  for (const word of path) node = node === undefined ? undefined : shown(node).find((c) => c.name === word);
  if (node === undefined || node === manifest.root || shown(node).length === 0) return undefined;
  const commands = agentCommands(node);
  return commands.length === 0 ? undefined : { group: node, commands };
}

/** Every group an agent may ask a skill of, at any depth, by path (`skills print <group…>`). */
export function agentGroupPaths(manifest: Manifest): string[][] {
  const paths: string[][] = [];
  const visit = (scope: ManifestCommand): void => {
    for (const { group } of agentGroups(scope)) {
      paths.push(group.path);
      visit(group);
    }
  };
  visit(manifest.root);
  return paths;
}
