/** The size a skill's body keeps to (L3): the Agent Skills format's advice, about 5,000 tokens. */
export const SKILL_LIMITS = { lines: 500, characters: 20_000 } as const;

/** The size of a text: its characters, and its lines (a last line without a newline counts too). */
export type Size = { lines: number; characters: number };

export function sizeOf(text: string): Size {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  if (text !== '' && !text.endsWith('\n')) lines++;
  return { lines, characters: text.length };
}

/** True when a body of this size is within the limits. */
export const within = (size: Size): boolean =>
  size.lines <= SKILL_LIMITS.lines && size.characters <= SKILL_LIMITS.characters;

/** What a `SKILL.md` holds after its front matter: the body the limits apply to. */
export function skillBody(text: string): string {
  const end = text.indexOf('\n---\n', 3);
  return end === -1 ? text : text.slice(end + '\n---\n'.length);
}

/**
 * `head`, then as many `items` as fit within the limits, then `more(n)` for the `n` left out: so a
 * skill always keeps to its size, and says where the rest is.
 */
export function fitItems(head: string, items: readonly string[], more: (left: number) => string): string {
  // The body is written as `\n<text>\n` after the front matter: one line and two characters more.
  const size = sizeOf(`\n${head}\n`);
  const kept: string[] = [];
  for (const [i, item] of items.entries()) {
    const grown = { lines: size.lines + sizeOf(item).lines, characters: size.characters + item.length + 1 };
    const left = items.length - i - 1;
    const tail = left === 0 ? { lines: 0, characters: 0 } : { lines: 1, characters: more(left).length + 1 };
    if (!within({ lines: grown.lines + tail.lines, characters: grown.characters + tail.characters })) {
      return [head, ...kept, more(items.length - i)].join('\n');
    }
    kept.push(item);
    size.lines = grown.lines;
    size.characters = grown.characters;
  }
  return [head, ...kept].join('\n');
}
