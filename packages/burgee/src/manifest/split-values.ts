import type { ManifestOption } from './types.js';

/** A repeatable option's text read as its values: split on its separator, or whole where it has none. */
export const splitValues = (option: Pick<ManifestOption, 'separator'>, raw: string): string[] =>
  option.separator === undefined ? [raw] : raw.split(option.separator);
