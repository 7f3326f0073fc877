import { DefinitionError } from '../declaration/errors.js';
import { isEffects, type ManifestEffects } from '../manifest/types.js';

/**
 * What a host command's `.effects()` declared, checked when its manifest is read: the adapter's
 * entry stores the value unread, so that plain runs load nothing (M2: nothing declared is `undeclared`).
 */
export function declaredEffects(value: unknown, path: readonly string[]): ManifestEffects {
  if (value === undefined) return 'undeclared';
  if (isEffects(value)) return value;
  const where = path.length === 0 ? 'the program' : `command "${path.join(' ')}"`;
  throw new DefinitionError(
    `burgee: ${where} has effects ${JSON.stringify(value)}; declare read_only, idempotent, non_idempotent — or withheld, which keeps it out of the MCP tool list`,
  );
}
