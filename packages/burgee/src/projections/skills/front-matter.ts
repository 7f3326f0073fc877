/** The YAML front matter of a `SKILL.md` (L1): only `name` and `description`, both on one line. */

/** The longest description the Agent Skills format allows. */
export const DESCRIPTION_MAX = 1024;

/**
 * What the skill says about itself, to an agent deciding whether to load it: what the program does,
 * then when to use it ("Use when asked to: …"), named by the summaries of what it holds, as many as
 * fit in 1,024 characters.
 */
export function skillDescription(about: string | undefined, program: string, uses: readonly string[]): string {
  const items = [...new Set(uses.filter((use) => use !== '').map(lowerFirst))];
  const own = about ?? `The ${program} command-line program`;
  const lead = `${/[.!?]$/.test(own) ? own : `${own}.`} Use when asked to`;
  if (items.length === 0) return clip(`${lead} run ${program}.`);
  let text = `${lead}: ${items[0]}`;
  for (let i = 1; i < items.length; i++) {
    const rest = items.length - i - 1;
    const next = `${text}; ${items[i]}`;
    // Room is kept for the line that counts what did not fit.
    if (`${next}; and ${rest} more.`.length > DESCRIPTION_MAX) {
      return clip(`${text}; and ${items.length - i} more.`);
    }
    text = next;
  }
  return clip(`${text}.`);
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
