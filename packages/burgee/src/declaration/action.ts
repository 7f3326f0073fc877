/** A runnable next step (A4): a command line, or its words in `argv`, quoted by burgee for a POSIX shell. */
export type NextStep = { readonly when?: string } & (
  | { readonly command: string; readonly argv?: never }
  | { readonly argv: readonly string[]; readonly command?: never }
);

/** What a handler passes to `ctx.actionRequired` when nobody can answer a question (A4). */
export type ActionRequest = {
  readonly reason: string;
  readonly message: string;
  readonly next: readonly NextStep[];
  readonly hint?: string;
};
