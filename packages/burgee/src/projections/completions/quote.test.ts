import { describe, expect, it } from 'vitest';
import { commentText, fishQuote, functionName, posixQuote, pwshQuote } from './quote.js';

// The shells themselves read these back in test/completions.hostile.test.ts; here, what needs no shell.
const words = [
  'tool',
  '',
  "it's",
  'a b',
  'x$(touch c)',
  'x`touch c`',
  'trailing\\',
  "x\\'; touch c; #",
  'line\nbreak',
  'cr\rhere',
  'nul\u0000byte',
  'x\u2019; touch c; \u2018',
  '\u201a\u201b',
  'naïve-日本語-😀',
  '%self',
  '=ls',
  '~root',
  '#not-a-comment',
];

/** PowerShell's reading of a single-quoted string, restated: any of its five single quotes, doubled, is one. */
function readPwsh(quoted: string): string {
  const isQuote = (c: string | undefined) => c !== undefined && /['\u2018-\u201b]/.test(c);
  expect(isQuote(quoted[0]) && isQuote(quoted.at(-1))).toBe(true);
  const inner = [...quoted.slice(1, -1)];
  let text = '';
  for (let i = 0; i < inner.length; i++) {
    text += inner[i];
    if (!isQuote(inner[i])) continue;
    expect(isQuote(inner[i + 1]), `a lone quote at ${i} would end the string`).toBe(true);
    i++;
  }
  return text;
}

describe('C1 · each shell quotes a declared word by its own rules', () => {
  it('C1 · plain words stay as written; the empty word is quoted; NUL, which no argument carries, is dropped', () => {
    for (const quote of [posixQuote, fishQuote]) {
      expect(quote('--dry-run')).toBe('--dry-run');
      expect(quote('config:get')).toBe('config:get');
      expect(quote('')).toBe("''");
      expect(quote('nul\u0000byte')).toBe('nulbyte');
    }
    expect(pwshQuote('tool')).toBe("'tool'");
  });

  it("C1 · bash and zsh: single quotes, a quote as '\\'', control characters as $'\\xHH'", () => {
    expect(posixQuote("it's")).toBe("'it'\\''s'");
    expect(posixQuote('x$(touch c)')).toBe("'x$(touch c)'");
    expect(posixQuote('line\nbreak')).toBe("'line'$'\\x0a''break'");
    expect(posixQuote('=ls')).toBe("'=ls'");
    expect(posixQuote('%self')).toBe("'%self'");
  });

  it("C1 · fish: \\' and \\\\ are escapes inside its single quotes, so both are escaped", () => {
    expect(fishQuote('trailing\\')).toBe("'trailing\\\\'");
    expect(fishQuote("x\\'; touch c; #")).toBe("'x\\\\\\'; touch c; #'");
    expect(fishQuote('line\nbreak')).toBe("'line'\\x0a'break'");
    expect(fishQuote('%self')).toBe("'%self'");
  });

  it.each(words)('C1 · PowerShell reads %j back exactly, typographic quotes included', (word) => {
    expect(readPwsh(pwshQuote(word))).toBe(word.replaceAll('\u0000', ''));
  });

  it.each(words)('C1 · %j quoted is one line in every shell, and a comment holding it stays one line', (word) => {
    for (const quote of [posixQuote, fishQuote]) expect(quote(word)).not.toMatch(/[\n\r]/);
    for (const quote of [posixQuote, fishQuote, pwshQuote]) {
      const comment = commentText(quote(word));
      expect([...comment].filter((c) => c < ' ' || c === '\u007f' || '\u0085\u2028\u2029'.includes(c))).toEqual([]);
    }
  });

  it('C1 · a function name is letters, digits and _; names that differ only where they were replaced stay apart', () => {
    expect(functionName('tool')).toBe('_tool');
    expect(functionName('my-tool')).toBe('_my_tool');
    for (const word of words) expect(functionName(word)).toMatch(/^_[A-Za-z0-9_]+$/);
    expect(functionName('a b')).not.toBe(functionName('a?b'));
    expect(functionName('a b')).toBe(functionName('a b'));
  });
});
