/** The YAML front matter of a `SKILL.md` (L1): only `name` and `description`, both on one line. */

/** The longest description the Agent Skills format allows. */
export const DESCRIPTION_MAX = 1024;

/**
 * The length a description keeps to when it can: an agent holds it from the start of every session,
 * with every other skill's (N5), so it says when to use the program in a sentence, not a catalogue.
 * Summaries are used within the first; names, shorter, are listed up to the second, then counted.
 */
const DESCRIPTION_AIM = 160;
const NAMES_MAX = 2 * DESCRIPTION_AIM;

/**
 * What the skill says about itself, to an agent deciding whether to load it: what the program does,
 * then when to use it. "Use when asked to …" with the summaries of what it holds when that stays
 * short (one command's summary, a few small ones); else "Use when a task involves …" with their
 * names, the words an agent types, as many as fit in 320 characters, the rest counted.
 */
export function skillDescription(
  about: string | undefined,
  program: string,
  summaries: readonly string[],
  names: readonly string[],
): string {
  const own = about ?? `The ${program} command-line program`;
  const lead = /[.!?]$/.test(own) ? own : `${own}.`;
  const uses = [...new Set(summaries.filter((use) => use !== '').map(lowerFirst))];
  const asked = `${lead} Use when asked to ${uses.length === 0 ? `run ${program}` : uses.join('; ')}.`;
  if (asked.length <= DESCRIPTION_AIM || names.length === 0) return clip(asked);
  const head = `${lead} Use when a task involves ${program} `;
  const listed = (count: number): string => {
    const shown = names.slice(0, count);
    const left = names.length - count;
    if (left > 0) return `${shown.join(', ')} and ${left} more`;
    return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
  };
  let count = names.length;
  // Room is kept for the words that count what did not fit.
  while (count > 1 && `${head}${listed(count)}.`.length > NAMES_MAX) count--;
  return clip(`${head}${listed(count)}.`);
}

/** `Show the state` → `show the state`, but `API keys` stays: only a capital that starts a plain word is lowered. */
const lowerFirst = (text: string): string => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

function clip(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** The front matter block, `---` lines included. */
export function renderFrontMatter(name: string, description: string): string {
  return ['---', `name: ${yamlScalar(name)}`, `description: ${yamlScalar(description)}`, '---'].join('\n');
}

/**
 * A one-line YAML string: plain when YAML reads it back as the same string, else double-quoted with JSON's
 * escapes (a subset of YAML's), plus the characters YAML forbids raw.
 */
export function yamlScalar(text: string): string {
  const plain = /^[A-Za-z][A-Za-z0-9 ,.;()'`/_+=-]*$/.test(text) && !/\s$/.test(text);
  // Words YAML reads as booleans or null stay strings only in quotes.
  if (plain && !/^(true|false|yes|no|on|off|y|n|null)$/i.test(text)) return text;
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
