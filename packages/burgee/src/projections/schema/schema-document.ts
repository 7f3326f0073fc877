import { findCommand, listCommands } from '../../manifest/build.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { toCommandSchema } from './command-schema.js';
import type {
  CommandSchema,
  CommandSummary,
  FullSchemaDocument,
  SchemaDocument,
  SchemaDocumentOptions,
  SummarySchemaDocument,
} from './types.js';

/** The runnable commands `--schema` lists, depth first: hidden ones and those below a hidden group left out. */
export function listSchemaCommands(manifest: Manifest): ManifestCommand[] {
  return listCommands(manifest.root).filter((command) => !isConcealed(manifest.root, command.path));
}

// The root itself is never concealed: hiding the program's only command would leave nothing to describe.
function isConcealed(root: ManifestCommand, path: readonly string[]): boolean {
  for (let depth = 1; depth <= path.length; depth++) {
    if (findCommand(root, path.slice(0, depth))?.hidden !== false) return true;
  }
  return false;
}

/** The `--schema` document: in full, or summarised when the full one exceeds the budget (DESIGN S1, S4). */
export function toSchemaDocument(manifest: Manifest, options: SchemaDocumentOptions = {}): SchemaDocument {
  const full = toFullDocument(manifest);
  const budget = options.budget ?? manifest.schemaBudget;
  return JSON.stringify(full).length > budget ? toSummaryDocument(manifest, full.commands, budget) : full;
}

type ProgramHeader = Pick<FullSchemaDocument, 'schemaVersion' | 'name' | 'version' | 'description'>;

function programHeader(manifest: Manifest): ProgramHeader {
  return {
    schemaVersion: 1,
    name: manifest.name,
    ...(manifest.version === undefined ? {} : { version: manifest.version }),
    ...(manifest.description === undefined ? {} : { description: manifest.description }),
  };
}

const shadows = (manifest: Manifest): { shadows?: string[] } =>
  manifest.shadows === undefined || manifest.shadows.length === 0 ? {} : { shadows: [...manifest.shadows] };

function toFullDocument(manifest: Manifest): FullSchemaDocument {
  return {
    ...programHeader(manifest),
    exitCodes: { ...ExitCode },
    ...shadows(manifest),
    commands: listSchemaCommands(manifest).map(toCommandSchema),
  };
}

function toSummaryDocument(manifest: Manifest, commands: CommandSchema[], budget: number): SummarySchemaDocument {
  return {
    ...programHeader(manifest),
    summarised: true,
    budget,
    exitCodes: { ...ExitCode },
    ...shadows(manifest),
    commands: commands.map(toCommandSummary),
    hint: `${manifest.name} <command> --schema prints one command in full`,
  };
}

const toCommandSummary = (command: CommandSchema): CommandSummary => ({
  name: command.name,
  summary: command.summary ?? firstSentence(command.description ?? ''),
  effects: command.effects,
});

/** The first sentence of a description: up to the first `.`, `!` or `?` that ends a word, on its first line. */
export function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  const end = /[.!?](?=\s|$)/.exec(line);
  return end === null ? line.trim() : line.slice(0, end.index + 1);
}

/** The full schema of the command at `path`, or undefined when `--schema` does not list it (DESIGN S3). */
export function findSchemaCommand(manifest: Manifest, path: readonly string[]): CommandSchema | undefined {
  const command = findCommand(manifest.root, path);
  if (command === undefined || !command.runnable || isConcealed(manifest.root, command.path)) return undefined;
  return toCommandSchema(command);
}

/** `--schema` output as text: one compact JSON line, the trailing newline left to the runtime. */
export const renderSchema = (value: unknown): string => JSON.stringify(value);
