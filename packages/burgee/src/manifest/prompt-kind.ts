import type { PromptKind } from 'caique';

/** The option fields a prompt's kind depends on. */
export type PromptShape = {
  readonly type: 'string' | 'number' | 'boolean';
  readonly choices?: readonly unknown[] | undefined;
  readonly multiple?: boolean | undefined;
  readonly secret?: boolean | undefined;
};

/** The prompt an option gets when its binding names no kind: choices pick, a boolean confirms, a secret is masked. */
export function inferPromptKind(shape: PromptShape): PromptKind {
  if (shape.choices !== undefined) return shape.multiple === true ? 'multiselect' : 'select';
  if (shape.type === 'boolean') return 'confirm';
  return shape.secret === true ? 'password' : 'text';
}

/** Which options each kind can fill; a declared kind outside its row is refused at definition. */
export const PROMPT_FITS: Readonly<Record<PromptKind, { fits: (shape: PromptShape) => boolean; needs: string }>> = {
  text: {
    fits: (s) => s.type !== 'boolean' && s.choices === undefined,
    needs: 'a string or number option without choices',
  },
  password: { fits: (s) => s.type === 'string' && s.choices === undefined, needs: 'a string option without choices' },
  path: {
    fits: (s) => s.type === 'string' && s.choices === undefined && s.multiple !== true,
    needs: 'a single string option without choices',
  },
  confirm: { fits: (s) => s.type === 'boolean', needs: 'a boolean option' },
  select: { fits: (s) => s.choices !== undefined && s.multiple !== true, needs: 'an option with choices' },
  multiselect: {
    fits: (s) => s.choices !== undefined && s.multiple === true,
    needs: 'a multiple option with choices',
  },
};
