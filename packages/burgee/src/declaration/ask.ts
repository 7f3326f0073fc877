import type { Binding, Choice, confirm, password, path, text } from 'caique';

/** What the run fills in for every prompt: the caller's flags, the environment and the terminal. */
type RunKeys = 'json' | 'yes' | 'env' | 'stdinIsTTY' | 'input' | 'output';
type Question<F extends (options: never) => unknown> = Omit<Parameters<F>[0], RunKeys>;

/** caique's prompts bound to the run: asked at a terminal, refused at once when nobody can answer (A6). */
export type Ask = {
  text(options: Question<typeof text>): Promise<string>;
  password(options: Question<typeof password>): Promise<string>;
  path(options: Question<typeof path>): Promise<string>;
  confirm(options: Question<typeof confirm>): Promise<boolean>;
  select<V>(options: { message: string; options: readonly Choice<V>[] } & Omit<Binding<V>, RunKeys>): Promise<V>;
  multiselect<V>(
    options: { message: string; options: readonly Choice<V>[]; required?: boolean } & Omit<Binding<V[]>, RunKeys>,
  ): Promise<V[]>;
};
