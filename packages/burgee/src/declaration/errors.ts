/** Thrown at definition time when a declaration breaks a rule; the message names every remedy. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
}
