import { type CompletionNode, type CompletionTable, toSteps, toValueCases } from './table.js';

/** What the word under the cursor should be completed with. */
export type Candidates =
  | { kind: 'words'; words: string[] }
  /** A flag whose `complete` function has the answer: the command path and the flag as typed. */
  | { kind: 'dynamic'; path: string[]; flag: string; partial: string }
  | { kind: 'files'; partial: string }
  | { kind: 'none' };

/**
 * Reads the words typed after the program name (the last one is the word being completed) the way
 * every generated script does, and says what may come next (C1, C2). `--flag=part` is read too.
 */
export function toCandidates(table: CompletionTable, typed: readonly string[]): Candidates {
  const steps = new Map(toSteps(table).map((step) => [step.key, step]));
  let path = '';
  let value: string | undefined;
  // Words that are neither a command, a flag nor a flag's value: the positional arguments so far.
  let positionals = 0;
  const before = typed.slice(0, -1);
  for (const word of before) {
    if (value !== undefined) {
      value = undefined;
      continue;
    }
    if (word === '--') return { kind: 'none' };
    const step = steps.get(`${path}:${word}`);
    if (step?.kind === 'command') {
      path = step.path;
      positionals = 0;
    } else if (step?.kind === 'value') value = word;
    else if (!isFlag(word)) positionals++;
  }
  let partial = typed.at(-1) ?? '';
  if (value === undefined && partial.startsWith('--') && partial.includes('=')) {
    const eq = partial.indexOf('=');
    if (steps.get(`${path}:${partial.slice(0, eq)}`)?.kind === 'value') {
      value = partial.slice(0, eq);
      partial = partial.slice(eq + 1);
    }
  }
  const node = table.nodes.find((n) => n.path === path);
  if (node === undefined) return { kind: 'none' };
  if (value !== undefined) return valueCandidates(table, path, value, partial);
  const pool = partial.startsWith('-') ? node.flags : [...node.commands, ...argumentChoices(node, positionals)];
  return { kind: 'words', words: pool.filter((word) => word.startsWith(partial)) };
}

/** A word the parser reads as a flag: `-` alone and `-1` are positionals (P4). */
const isFlag = (word: string): boolean => word.startsWith('-') && word.length > 1 && !/^-\d/.test(word);

/** The choices of the argument the next positional word is, if it has any (D4). */
function argumentChoices(node: CompletionNode, index: number): string[] {
  if (node.arguments === undefined) return [];
  const { choices, variadic } = node.arguments;
  return choices[variadic ? Math.min(index, choices.length - 1) : index] ?? [];
}

function valueCandidates(table: CompletionTable, path: string, flag: string, partial: string): Candidates {
  const found = toValueCases(table).find((c) => c.keys.includes(`${path}:${flag}`));
  if (found === undefined || found.kind === 'free') return { kind: 'files', partial };
  if (found.kind === 'dynamic') return { kind: 'dynamic', path: path === '' ? [] : path.split(' '), flag, partial };
  return { kind: 'words', words: found.choices.filter((choice) => choice.startsWith(partial)) };
}
