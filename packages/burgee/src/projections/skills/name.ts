/** The longest name the Agent Skills format allows (L1). */
export const SKILL_NAME_MAX = 64;

/**
 * A skill's name from the words it stands for (`['ship']`, `['ship', 'db']`): lower-case letters and
 * digits in runs joined by single hyphens, at most 64 characters, as the format requires (L1). The
 * folder a skill is written to carries the same name.
 */
export function toSkillName(words: readonly string[]): string {
  // Accents come off first, so `été` keeps its letters as `ete`.
  const plain = words
    .join('-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const runs = plain.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const name = runs.join('-').slice(0, SKILL_NAME_MAX).replace(/-+$/, '');
  // A program named only in other scripts' letters still gets a name a loader accepts.
  return name === '' ? 'cli' : name;
}

/** True when `name` is a valid skill name: `[a-z0-9]+(-[a-z0-9]+)*`, 1–64 characters. */
export const isSkillName = (name: string): boolean =>
  name.length <= SKILL_NAME_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name);
