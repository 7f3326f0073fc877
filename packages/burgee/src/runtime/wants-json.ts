import { type GlobalFlag, globalFlag, programGlobals } from '../manifest/globals.js';
import type { ManifestCommand } from '../manifest/types.js';

const JSON_SPELLINGS = programGlobals({ config: false }).filter((row) => row.spells === true);

/** True when the caller asked for the envelope: `--json` (or `--format json`) anywhere before `--` (E2). */
export function wantsJson(argv: readonly string[], command?: ManifestCommand): boolean {
  const end = argv.indexOf('--');
  const words = end === -1 ? argv : argv.slice(0, end);
  const declares = (row: GlobalFlag) => command?.options.some((o) => o.key === row.name) === true;
  return words.some((word, i) => {
    if (word === '--json') return true;
    return JSON_SPELLINGS.some((row) => {
      if (declares(row)) return false;
      const flag = globalFlag(row);
      return word === `${flag}=json` || (word === flag && words[i + 1] === 'json');
    });
  });
}
