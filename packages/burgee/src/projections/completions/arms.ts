import { type CompletionNode, type CompletionTable, toSteps, toValueCases } from './table.js';

/** One `case` arm, as every script writes it: the patterns it matches and the statement it runs. */
export type Arm = { patterns: string[]; body: string };

/** The shell-specific statements the shared `case` arms are written with. */
export type Dialect = {
  enter: (path: string) => string;
  value: string;
  choices: (words: string[]) => string;
  dynamic: string;
  files: string;
  words: (words: string[]) => string;
};

/** The walk over the typed words: enter a subcommand, or note that the next word is a flag's value. */
export function walkArms(table: CompletionTable, dialect: Dialect): Arm[] {
  return toSteps(table).map((step) => ({
    patterns: [step.key],
    body: step.kind === 'command' ? dialect.enter(step.path) : dialect.value,
  }));
}

/** What a flag's value is completed with. */
export function valueArms(table: CompletionTable, dialect: Dialect): Arm[] {
  return toValueCases(table).map((c) => ({
    patterns: c.keys,
    body: c.kind === 'choices' ? dialect.choices(c.choices) : c.kind === 'dynamic' ? dialect.dynamic : dialect.files,
  }));
}

/**
 * The flags, or the subcommands, offered after each command path. Where an argument has choices,
 * the program is asked (`__complete`): it knows which argument the word is.
 */
export function listArms(table: CompletionTable, dialect: Dialect, pick: 'flags' | 'commands'): Arm[] {
  const asks = (node: CompletionNode) => pick === 'commands' && node.arguments !== undefined;
  return table.nodes
    .filter((node) => node[pick].length > 0 || asks(node))
    .map((node) => ({ patterns: [node.path], body: asks(node) ? dialect.dynamic : dialect.words(node[pick]) }));
}

/** Words quoted by `quote`, separated by spaces. */
export const wordList = (words: readonly string[], quote: (word: string) => string): string =>
  words.map(quote).join(' ');
