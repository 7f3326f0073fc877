/** Refusals of burgee's own surfaces: `--schema`, `--version`, `--explain`, `--mcp` (S3, S4, H4, P5, M1). */
import type { Manifest, ManifestCommand } from '../../manifest/types.js';
import { commandName, type Refusal } from './refusal.js';

/** `--budget` that is not a positive whole number of characters (S4). */
export const badBudget = (text: string): Refusal => ({
  message: `--budget expects a positive whole number, got ${JSON.stringify(text)}`,
  hint: 'give the budget in characters, e.g. --budget 20000',
});

/** `--schema` drilled into a hidden command, or a group with nothing listed below it (S3). */
export function noSchemaOfItsOwn(manifest: Manifest, command: ManifestCommand): Refusal {
  return {
    message: `${commandName(manifest, command)} has no schema of its own`,
    hint: `${manifest.name} --schema lists every command`,
  };
}

/** `--page` that is not a positive whole number (S4). */
export const badPage = (text: string): Refusal => ({
  message: `--page expects a positive whole number, got ${JSON.stringify(text)}`,
  hint: 'pages count from 1, e.g. --page 2',
});

/** `--page` past the last page of the document (S4). */
export function noSuchPage(manifest: Manifest, command: ManifestCommand, pages: number): Refusal {
  const where = commandName(manifest, command);
  return {
    message: `${where} --schema has ${pages === 1 ? '1 page' : `${pages} pages`}`,
    hint: pages === 1 ? 'the whole document fits on one page' : `ask for a page from 1 to ${pages}`,
    fix: `${where} --schema --page ${pages}`,
  };
}

/** `--page` on one command, which is always printed whole (S3, S4). */
export function pageOfOneCommand(manifest: Manifest, command: ManifestCommand): Refusal {
  const where = commandName(manifest, command);
  return {
    message: '--page pages the document of a program or group, not one command',
    hint: 'one command is always printed whole',
    fix: `${where} --schema`,
  };
}

/** A budget that cannot hold even one entry of the document (S4): the fix names the smallest that can. */
export function budgetTooSmall(manifest: Manifest, command: ManifestCommand, budget: number, minimum: number): Refusal {
  const where = commandName(manifest, command);
  return {
    message: `a budget of ${budget} characters cannot hold even one entry of ${where} --schema`,
    hint: `the smallest page takes ${minimum} characters`,
    fix: `${where} --schema --budget ${minimum}`,
  };
}

/** `--full` beside `--budget` or `--page`: the whole document has no budget to fit nor pages to turn (X3). */
export function fullIsUnfitted(manifest: Manifest, command: ManifestCommand, flag: '--budget' | '--page'): Refusal {
  const where = commandName(manifest, command);
  return {
    message: `--full prints the whole document, so ${flag} has nothing to ${flag === '--budget' ? 'fit' : 'turn'}`,
    hint: `drop ${flag} for the whole document, or --full for one within the budget`,
    fix: `${where} --schema --full`,
  };
}

/** `--field a.b` where a step names nothing (S3). */
export const noSuchField = (field: string, at: string, step: string, available: readonly string[]): Refusal => ({
  message: `--field ${field}: no field ${JSON.stringify(step)}${at === '' ? '' : ` in ${at}`}`,
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

/** Two commands that would be served as one MCP tool (M2): naming both, and the name they share. */
export function toolNameClash(
  manifest: Manifest,
  first: ManifestCommand,
  second: ManifestCommand,
  tool: string,
): Refusal {
  return {
    message: `${commandName(manifest, first)} and ${commandName(manifest, second)} both become the MCP tool "${tool}", so one of them could not be called; nothing is served`,
    hint: 'rename one of the two commands',
  };
}

/** `--mcp` in a run that does not own the process's stdin and stdout (a test, an embedding) (M1). */
export const mcpNeedsProcess = (): Refusal => ({
  message: "--mcp serves over this process's own stdin and stdout",
  hint: 'in tests, connect a client in memory with connectMcp(program) from burgee/testing',
});
