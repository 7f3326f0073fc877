import { isDeepStrictEqual } from 'node:util';
import { notParsable, refuseFile } from './refusals.js';
import { entryIn, type MergeArgs, plain } from './server-entry.js';
import { replaceOwnedKeys, replaceSection, type Toml } from './toml-section.js';

/**
 * A TOML client file with one server's table merged in (K2), comments and layout kept: burgee's keys
 * are rewritten inside the server's own table, every other line left as written (toml-section.ts);
 * when the server is written in a way that cannot be edited faithfully, its tables are rewritten, and
 * failing that the whole file. Returns `text` itself when the entry is already there.
 */
export async function mergeTomlEntry(...args: MergeArgs): Promise<string> {
  const [file, text, at, entry, owned] = args;
  const toml: Toml = await import('smol-toml');
  const document = text === undefined || text.trim() === '' ? {} : parseToml(toml, file, text);
  const [key, name] = at;
  const { servers, existing, merged } = entryIn(document, args);
  if (text !== undefined && isDeepStrictEqual(plain(existing), plain(merged))) return text;
  const wanted = { ...document, [key]: { ...servers, [name]: merged } };
  // The entry's keys as merged: a list the user shares with burgee (env_vars) keeps the user's names.
  const written = Object.fromEntries(Object.keys(entry).map((k) => [k, merged[k]]));
  const kept =
    text === undefined
      ? undefined
      : (replaceOwnedKeys(toml, text, at, written, owned, wanted) ?? replaceSection(toml, text, at, merged, wanted));
  return kept ?? `${toml.stringify(wanted)}\n`;
}

/** The table a TOML file holds; refused (exit 3) naming the line and column where it stops being TOML. */
function parseToml(toml: Toml, file: string, text: string): Record<string, unknown> {
  try {
    return toml.parse(text) as Record<string, unknown>;
  } catch (error) {
    const { line, column } = error as { line?: unknown; column?: unknown };
    const where = typeof line === 'number' && typeof column === 'number' ? { line, column } : { line: 1, column: 1 };
    throw refuseFile(notParsable(file, 'TOML', where.line, where.column));
  }
}
