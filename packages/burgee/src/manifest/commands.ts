import type { ManifestCommand } from './types.js';

/** Every command below `root`, depth first, root included when it runs something. */
export function listCommands(root: ManifestCommand): ManifestCommand[] {
  const out: ManifestCommand[] = [];
  const visit = (node: ManifestCommand): void => {
    if (node.runnable) out.push(node);
    for (const child of node.commands) visit(child);
  };
  visit(root);
  return out;
}

/** Finds the command at `path` below `root`. */
export function findCommand(root: ManifestCommand, path: readonly string[]): ManifestCommand | undefined {
  let node: ManifestCommand | undefined = root;
  for (const word of path) node = node?.commands.find((c) => c.name === word);
  return node;
}
