import type { Scalar } from '../manifest/types.js';

/** A value a manifest can hold as it is: a string, a boolean or a finite number. */
export const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** A host's default burgee can publish: a scalar or a list of them; anything else stays the host's business. */
export function scalarDefault(value: unknown): Scalar | Scalar[] | undefined {
  if (isScalar(value)) return value;
  if (Array.isArray(value) && value.every(isScalar)) return [...value];
  return undefined;
}
