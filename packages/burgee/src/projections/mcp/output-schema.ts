import type { ManifestCommand } from '../../manifest/types.js';

// What every failure envelope holds (E5, A4): the action-required one carries `error` too.
const FAILURE_ENVELOPE = {
  type: 'object',
  properties: {
    ok: { const: false },
    error: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        hint: { type: 'string' },
        fix: { type: 'string' },
      },
      required: ['code', 'message'],
    },
  },
  required: ['ok', 'error'],
} as const;

/** Whether the command's tool has an `outputSchema` (below): then each of its results carries `structuredContent` (M4). */
export const hasOutputSchema = (command: ManifestCommand): boolean => command.output !== undefined;

/**
 * The tool's `outputSchema` when the command declares `output`: the envelope with that `data`,
 * accepting the failure envelope too, since a tool result is always one or the other (M2).
 */
export function toOutputSchema(command: ManifestCommand): Record<string, unknown> | undefined {
  if (command.output === undefined) return undefined;
  // A nested `$schema` is not allowed below the root by every validator; the outer document names none.
  const { $schema: _dialect, ...data } = structuredClone(command.output);
  return {
    type: 'object',
    anyOf: [
      {
        type: 'object',
        properties: {
          ok: { const: true },
          data,
          meta: {
            type: 'object',
            properties: { provenance: { type: 'object' }, changed: { type: 'boolean' } },
            required: ['provenance'],
          },
        },
        required: ['ok', 'data', 'meta'],
      },
      structuredClone(FAILURE_ENVELOPE),
    ],
  };
}
