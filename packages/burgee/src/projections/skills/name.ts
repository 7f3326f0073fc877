/** The longest name the Agent Skills format allows (L1). */
export const SKILL_NAME_MAX = 64;

/** How many hex digits of the hash a name that had to be changed carries (L1). */
const HASH_DIGITS = 8;

/**
 * A skill's name from the words it stands for (`['ship']`, `['ship', 'db']`), as the format requires
 * (L1): lower-case letters and digits in runs joined by single hyphens, at most 64 characters. The
 * folder a skill is written to carries the same name, so two programs must never get the same one.
 *
 * Words that already make a valid name (`ship`, `my-tool`, `ship` + `db`) are the name, unchanged.
 * Any other words lose something on the way (case, other letters, punctuation, length), so the name
 * is the readable part followed by 8 hex digits of a hash of the words themselves: `My_Tool` →
 * `my-tool-…`, `a/b` → `a-b-…`, `日本` → `cli-…`. Two different names then never share a folder
 * with each other, nor with a name kept as it is (a valid name has no such hash of its own words).
 */
export function toSkillName(words: readonly string[]): string {
  const joined = words.join('-');
  if (words.every((word) => word !== '') && isSkillName(joined)) return joined;
  // Accents come off first, so `été` keeps its letters as `ete`.
  const plain = joined.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const runs = plain.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const readable = runs
    .join('-')
    .slice(0, SKILL_NAME_MAX - HASH_DIGITS - 1)
    .replace(/-+$/, '');
  // A program named only in other scripts' letters still gets a name a loader accepts.
  return `${readable === '' ? 'cli' : readable}-${hashOf(words.join('\u0000'))}`;
}

/** True when `name` is a valid skill name: `[a-z0-9]+(-[a-z0-9]+)*`, 1–64 characters. */
export const isSkillName = (name: string): boolean =>
  name.length <= SKILL_NAME_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);

/**
 * 32-bit FNV-1a over the UTF-8 bytes, as 8 hex digits: the same on every machine and every run, so
 * a skill stays in its folder. No node:crypto: loading it would cost every start (N1).
 */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(HASH_DIGITS, '0');
}
