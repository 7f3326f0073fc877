import type { ManifestOption } from '../../manifest/types.js';
import { insertWords, optionEnd, writeLine } from './command-line.js';
import type { Scene } from './refusal.js';

/**
 * The fix of a prompt nobody could answer (A6): one line passing every prompted option still
 * missing, so a caller is not refused once per flag. caique writes the message and the hint.
 */
export function promptFix(scene: Scene, missing: readonly ManifestOption[]): string {
  const flags = missing.flatMap((option) =>
    option.type === 'boolean'
      ? [{ text: option.flag }]
      : [{ text: option.flag }, { text: `<${option.placeholder ?? 'value'}>` }],
  );
  return writeLine(scene.manifest, insertWords(scene.words, optionEnd(scene.words), ...flags));
}
