import { refuse } from '../errors/errors.js';
import type { Word } from '../errors/refusals/command-line.js';
import { unknownCommand } from '../errors/refusals/parse.js';
import { suggest } from '../errors/refusals/suggest.js';
import { findGlobal } from '../manifest/globals.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';

/**
 * Walks the command path (P4): every word that names a subcommand, up to the first that does not.
 * Flags may come before the command name; the command is found first so that they can be read
 * as its own. Returns the command and where the words that name it are.
 */
export function findCommandPath(
  manifest: Manifest,
  argv: readonly string[],
  words: readonly Word[],
): { command: ManifestCommand; path: Set<number> } {
  const path = new Set<number>();
  let node = manifest.root;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      if (takesNextWord(manifest, word, argv[i + 1])) i++;
      continue;
    }
    if (node.commands.length === 0) break;
    const child = node.commands.find((c) => c.name === word);
    if (child === undefined) {
      if (node.runnable) break;
      if (valueOfUnknownFlag(manifest, argv, i, node)) continue;
      throw refuse(unknownCommand({ manifest, command: node, words }, i), node);
    }
    node = child;
    path.add(i);
  }
  return { command: node, path };
}

/** True when a global flag before the command name takes the word after it as its value. */
function takesNextWord(manifest: Manifest, word: string, next: string | undefined): boolean {
  const row = findGlobal(manifest, word);
  if (row?.value === undefined) return false;
  return row.spells !== true || next === 'json';
}

/**
 * True when the word at `index`, where a command name should be, is more likely the value of the
 * unknown flag before it (`--tokn SECRET`): it names nothing close to a command. It is skipped,
 * so the flag is what gets refused, and the value, a secret perhaps, is never echoed (E8).
 */
function valueOfUnknownFlag(
  manifest: Manifest,
  argv: readonly string[],
  index: number,
  node: ManifestCommand,
): boolean {
  const before = argv[index - 1];
  if (before === undefined || !before.startsWith('--') || before.includes('=')) return false;
  if (findGlobal(manifest, before) !== undefined) return false;
  const names = node.commands.filter((c) => !c.hidden).map((c) => c.name);
  return suggest(argv[index]!, names).length === 0;
}
