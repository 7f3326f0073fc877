/** Edit distance with transpositions, so `targte` is one step from `target`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** At most this many candidates are offered: past three, a list reads as a menu, not a correction. */
const MOST_SUGGESTED = 3;

/** The candidates closest to `word` (at most three), when any is close enough to be a likely typo. */
export function suggest(word: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.min(3, Math.floor(word.length / 3)));
  let best = Number.POSITIVE_INFINITY;
  let found: string[] = [];
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance > limit || distance >= Math.max(word.length, candidate.length)) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best && !found.includes(candidate)) found.push(candidate);
  }
  if (found.length === 0) {
    const prefixed = candidates.filter((c) => word.length >= 2 && c.startsWith(word));
    if (prefixed.length > 0) return prefixed.slice(0, MOST_SUGGESTED);
  }
  return found.slice(0, MOST_SUGGESTED);
}

/** Quotes one word for a POSIX shell only when it needs it, so `fix` lines stay runnable. */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  // Placeholders such as `<value>` stay readable: they mark what the caller must fill in.
  if (/^(--[a-z0-9-]+=)?<[a-z0-9-]+(\.\.\.)?>$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The one way a refusal proposes what the caller may have meant (E8). */
export const didYouMean = (matches: readonly string[]): string => `did you mean ${matches.join(' or ')}?`;
