/**
 * The completion scripts, loaded with `import()` by `completion` and `__complete` only: an ordinary
 * run never reads these templates (N1). The file name keeps the bundled chunk recognisable as such.
 */
import type { Manifest } from '../../manifest/types.js';
import { renderBashCompletion } from './bash.js';
import { renderFishCompletion } from './fish.js';
import { renderPwshCompletion } from './pwsh.js';
import type { Shell } from './shells.js';
import { type CompletionTable, toCompletionTable } from './table.js';
import { renderZshCompletion } from './zsh.js';

export { type Candidates, toCandidates } from './candidates.js';
export { isShell, SHELLS, type Shell } from './shells.js';
export { toCompletionTable } from './table.js';

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
