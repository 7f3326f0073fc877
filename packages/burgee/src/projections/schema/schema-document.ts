import { findCommand } from '../../manifest/commands.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { toCommandSchema } from './command-schema.js';
import { fitSchemaDocument } from './fit.js';
import type { CommandSchema, FittedSchema, SchemaDocument, SchemaDocumentOptions } from './types.js';

export { firstSentence } from './fit.js';

/** The runnable commands `--schema` lists, depth first: hidden ones and those below a hidden group left out. */
export function listSchemaCommands(manifest: Manifest): ManifestCommand[] {
  const listed: ManifestCommand[] = [];
  const visit = (node: ManifestCommand): void => {
    if (node.runnable) listed.push(node);
    for (const child of node.commands) if (!child.hidden) visit(child);
  };
  visit(manifest.root);
  return listed;
}

// The root itself is never concealed: hiding the program's only command would leave nothing to describe.
function isConcealed(root: ManifestCommand, path: readonly string[]): boolean {
  for (let depth = 1; depth <= path.length; depth++) {
    if (findCommand(root, path.slice(0, depth))?.hidden !== false) return true;
  }
  return false;
}

/**
 * The `--schema` document within its budget (S1, S4); see `fitSchemaDocument`. Throws when the
 * budget cannot hold even one entry or the page does not exist, which the runtime reports as usage errors.
 */
export function toSchemaDocument(manifest: Manifest, options: SchemaDocumentOptions = {}): SchemaDocument {
  const fitted = fitManifestSchema(manifest, options);
  if (fitted.ok) return fitted.document;
  throw new RangeError(
    fitted.reason === 'budget'
      ? `a budget of ${options.budget ?? manifest.schemaBudget} characters cannot hold one entry; ${fitted.minimum} can`
      : `page ${options.page} does not exist; there are ${fitted.pages}`,
  );
}

/** The document of the program, or of the group at `options.group`, fitted to the budget (S3, S4). */
export function fitManifestSchema(manifest: Manifest, options: SchemaDocumentOptions = {}): FittedSchema {
  const scope = options.group ?? [];
  const commands = listSchemaCommands(manifest).filter((command) => scope.every((word, i) => command.path[i] === word));
  return fitSchemaDocument(manifest, commands, options);
}

/** The full schema of the command at `path`, or undefined when `--schema` does not list it (S3). */
export function findSchemaCommand(manifest: Manifest, path: readonly string[]): CommandSchema | undefined {
  const command = findCommand(manifest.root, path);
  if (command === undefined || !command.runnable || isConcealed(manifest.root, command.path)) return undefined;
  return toCommandSchema(command);
}

/** `--schema` output as text: one compact JSON line, the trailing newline left to the runtime. */
export const renderSchema = (value: unknown): string => JSON.stringify(value);
