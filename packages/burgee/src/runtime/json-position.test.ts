import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn } from './json-position.js';

describe('P3 · the first invalid character of a JSON text, found the same on every Node', () => {
  const valid = ['{}', '[]', '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}', ' \n{"a":{"b":{}}}\n'];
  it.each(valid)('P3 · %j is valid: no offset', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorOffset(text)).toBeUndefined();
  });

  const invalid: [string, string, number][] = [
    ['a bare word', '{\n  "region": eu,\n}', 14],
    ['a doubled comma', '{"a": 1,, "b": 2}', 8],
    ['a trailing comma', '{"a": 1,}', 8],
    ['an unquoted key', '{a: 1}', 1],
    ['a leading zero', '[01]', 2],
    ['a bad escape', '["\\x"]', 3],
    ['a raw newline in a string', '["a\nb"]', 3],
    ['text after the value', '{} x', 3],
    ['an unclosed object', '{"a": 1', 7],
    ['an empty text', '', 0],
  ];
  it.each(invalid)('P3 · %s is found at its offset, and JSON.parse agrees it is invalid', (_, text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('P3 · offsets become lines and columns counted from 1', () => {
    const text = '{\n  "region": eu,\n}';
    expect(lineColumn(text, 14)).toEqual({ line: 2, column: 13 });
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
  });
});
