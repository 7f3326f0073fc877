/** Refusals of burgee's own surfaces: `--schema`, `--version`, `--explain`, `--mcp` (S3, S4, H4, P5, M1). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';

/** `--budget` that is not a positive whole number of characters (S4). */
export const badBudget = (text: string): Refusal => ({
  message: `--budget expects a positive whole number, got ${JSON.stringify(text)}`,
  hint: 'give the budget in characters, e.g. --budget 20000',
});

/** `--schema` drilled into a group or a hidden command: neither is in the document (S3). */
export function noSchemaOfItsOwn(manifest: Manifest, command: ManifestCommand): Refusal {
  const where = commandName(manifest, command);
  const runnable = command.commands.filter((c) => c.runnable && !c.hidden);
  return {
    message: `${where} has no schema of its own`,
    hint:
      runnable.length > 0
        ? `drill into one of: ${runnable.map((c) => `${where} ${c.name} --schema`).join(', ')}`
        : `${manifest.name} --schema lists every command`,
  };
}

/** `--field a.b` where a step names nothing (S3). */
export const noSuchField = (field: string, at: string, available: readonly string[]): Refusal => ({
  message: `--field ${field}: no field "${at}"`,
  hint: available.length === 0 ? 'there is nothing below this value' : `fields there: ${available.join(', ')}`,
});

/** `--version` of a program that declares none and ships no package.json (H4). */
export const noVersion = (manifest: Manifest): Refusal => ({
  message: `${manifest.name} declares no version`,
  hint: 'declare version in defineProgram, or ship a package.json beside the program',
});

/** `--explain` naming no option of the command (P5). */
export function explainNoOption(manifest: Manifest, command: ManifestCommand, wanted: string): Refusal {
  const names = command.options.filter((o) => !o.hidden).map((o) => o.flag.slice(2));
  return {
    message: `--explain: ${commandName(manifest, command)} has no option "${wanted}"`,
    hint: names.length === 0 ? 'this command has no options' : `its options: ${names.join(', ')}`,
  };
}

/** `--mcp` in a run that does not own the process's stdin and stdout (a test, an embedding) (M1). */
export const mcpNeedsProcess = (): Refusal => ({
  message: "--mcp serves over this process's own stdin and stdout",
  hint: 'in tests, connect a client in memory with connectMcp(program) from burgee/testing',
});
