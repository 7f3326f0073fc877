import { globalFlag, programGlobals } from '../manifest/globals.js';
import type { ManifestCommand } from '../manifest/types.js';

const JSON_SPELLINGS = programGlobals({ config: false })
  .filter((row) => row.spells === true)
  .map((row) => ({ name: row.name, flag: globalFlag(row), inline: `${globalFlag(row)}=json` }));

/** True when the caller asked for the envelope: `--json` (or `--format json`) anywhere before `--` (E2). */
export function wantsJson(argv: readonly string[], command?: ManifestCommand): boolean {
  // A plain loop: every run and every MCP call asks, and most command lines are a few words.
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return false;
    if (word === '--json') return true;
    if (!word.startsWith('--')) continue;
    for (const spelling of JSON_SPELLINGS) {
      const spelled = word === spelling.inline || (word === spelling.flag && argv[i + 1] === 'json');
      if (spelled && command?.options.some((o) => o.key === spelling.name) !== true) return true;
    }
  }
  return false;
}
