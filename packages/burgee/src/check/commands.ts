import type { Manifest, ManifestCommand } from '../manifest/types.js';

/** Every node of the program, depth first, the root first: hidden ones and their subtrees included. */
export function everyCommand(manifest: Manifest): ManifestCommand[] {
  const out: ManifestCommand[] = [];
  const visit = (node: ManifestCommand): void => {
    out.push(node);
    for (const child of node.commands) visit(child);
  };
  visit(manifest.root);
  return out;
}

/** The nodes a caller can see (help, `--schema`, MCP), depth first: hidden ones and below them left out. */
export function visibleCommands(manifest: Manifest): ManifestCommand[] {
  const out: ManifestCommand[] = [];
  const visit = (node: ManifestCommand): void => {
    out.push(node);
    for (const child of node.commands) if (!child.hidden) visit(child);
  };
  visit(manifest.root);
  return out;
}

/** The command as a person types it after the program's name, or the program's name at the root. */
export const commandLabel = (manifest: Manifest, command: ManifestCommand): string =>
  command.path.length === 0 ? manifest.name : command.path.join(' ');

/** The command as a person types it, program name first: `ship config get`. */
export const typed = (manifest: Manifest, command: ManifestCommand): string =>
  [manifest.name, ...command.path].join(' ');
