/**
 * The completion scripts, loaded with `import()` by `completion` and `__complete` only: an ordinary
 * run never reads these templates (N1). The file name keeps the bundled chunk recognisable as such.
 */
import type { Manifest } from '../../manifest/types.js';
import { renderBashCompletion } from './bash.js';
import { renderFishCompletion } from './fish.js';
import { renderPwshCompletion } from './pwsh.js';
import { type CompletionTable, toCompletionTable } from './table.js';
import { renderZshCompletion } from './zsh.js';

export { type Candidates, toCandidates } from './candidates.js';
export { toCompletionTable } from './table.js';

/** The shells a completion script is generated for (C1). */
export const SHELLS = ['bash', 'zsh', 'fish', 'pwsh'] as const;
export type Shell = (typeof SHELLS)[number];
/** True when `value` names a shell burgee writes a completion script for. */
export const isShell = (value: unknown): value is Shell => SHELLS.includes(value as Shell);

const renderers: Record<Shell, (table: CompletionTable) => string> = {
  bash: renderBashCompletion,
  zsh: renderZshCompletion,
  fish: renderFishCompletion,
  pwsh: renderPwshCompletion,
};

/** The completion script of a program for one shell, generated from its manifest alone (C1). */
export function renderCompletion(manifest: Manifest, shell: Shell, extraCommands: readonly string[] = []): string {
  return renderers[shell](toCompletionTable(manifest, extraCommands));
}
