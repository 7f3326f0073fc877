import { PROMPT_FITS } from '../manifest/prompt-kind.js';
import type { OptionSpec } from './types.js';

/** Refuses a `prompt` binding that cannot be asked: no message, an unknown kind, or a kind that cannot fill the option. */
export function checkPrompt(spec: OptionSpec, at: string): string[] {
  const prompt = spec.prompt as { message?: unknown; kind?: unknown } | undefined;
  if (prompt === undefined) return [];
  if (typeof prompt !== 'object' || prompt === null || typeof prompt.message !== 'string' || prompt.message === '')
    return [`${at} has a prompt without a message; write prompt: { message: 'the question' }`];
  if (prompt.kind === undefined) return [];
  const kinds = Object.keys(PROMPT_FITS);
  if (!Object.hasOwn(PROMPT_FITS, prompt.kind as string))
    return [`${at} has prompt kind ${JSON.stringify(prompt.kind)}; use one of ${kinds.join(', ')}, or leave it out`];
  const row = PROMPT_FITS[prompt.kind as keyof typeof PROMPT_FITS];
  if (!row.fits(spec))
    return [`${at} has a ${prompt.kind as string} prompt, which needs ${row.needs}; change the kind or leave it out`];
  return [];
}
