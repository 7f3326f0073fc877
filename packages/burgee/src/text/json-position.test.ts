import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn, placeOf, scanJson } from './json-position.js';

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

describe('P3 · any depth: no recursion, so a deep error is located where it is (probe: config-deep-invalid)', () => {
  it.each([600, 100_000])('P3 · a bare word under %i open arrays is found at its own offset', (depth) => {
    const text = `${'['.repeat(depth)}x${']'.repeat(depth)}`;
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(depth);
  });

  it('P3 · a deep error on a later line gets its true line and column', () => {
    const text = `{\n"a": ${'{"b": '.repeat(700)}\n  tru${'}'.repeat(700)}}`;
    const at = jsonErrorOffset(text)!;
    // The bad word starts the error, as a bare word does above.
    expect(lineColumn(text, at)).toEqual({ line: 3, column: 3 });
  });

  it('P3 · valid and invalid agree with JSON.parse on any text (fast-check: generated JSON, one character changed)', () => {
    const corrupt = fc.tuple(fc.json({ depthSize: 'medium' }), fc.nat(), fc.constantFrom(...'{}[]",: x0-.e\\\n'));
    fc.assert(
      fc.property(corrupt, ([json, index, char]) => {
        const at = json.length === 0 ? 0 : index % json.length;
        const text = json.slice(0, at) + char + json.slice(at + 1);
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(jsonErrorOffset(text) === undefined).toBe(parses);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('P3 · nesting past a limit is named by its path, after the whole text was checked', () => {
  it('P3 · the first container opened past the limit: its offset, and the keys and indexes to it', () => {
    const text = '{"deploy": {"targets": [{"x": 1}, {"tags": [[1]]}]}}';
    expect(scanJson(text, 4)).toEqual({
      kind: 'too-deep',
      at: text.indexOf('[[1]]'),
      path: ['deploy', 'targets', 1, 'tags'],
    });
    expect(scanJson(text, 5)).toEqual({
      kind: 'too-deep',
      at: text.indexOf('[1]'),
      path: ['deploy', 'targets', 1, 'tags', 0],
    });
    expect(scanJson(text, 6)).toEqual({ kind: 'valid' });
  });

  it('P3 · an invalid character wins over the depth: the text is wrong before it is too deep', () => {
    expect(scanJson('[[[[1]]]] x', 2)).toEqual({ kind: 'invalid', at: 10 });
  });

  it('P3 · keys are read as JSON reads them, escapes included', () => {
    expect(scanJson('{"a\\u0062": [[]]}', 2)).toMatchObject({ path: ['ab', 0] });
  });
});

describe('P3 · where a key or a value is written, to say where a config refusal points', () => {
  const text = '{\n  "up": {"to": 5, "tags": ["a", {"x": 1}]},\n  "to": "x"\n}';
  const at = (path: (string | number)[]) => {
    const place = placeOf(text, path);
    return place && { key: place.key && lineColumn(text, place.key), value: lineColumn(text, place.value) };
  };
  it('P3 · a key and its value, at any depth; an element by its index, which has no key', () => {
    expect(at(['up', 'to'])).toEqual({ key: { line: 2, column: 10 }, value: { line: 2, column: 16 } });
    expect(at(['to'])).toEqual({ key: { line: 3, column: 3 }, value: { line: 3, column: 9 } });
    expect(at(['up', 'tags', 1])).toEqual({ key: undefined, value: { line: 2, column: 33 } });
    expect(at(['up', 'from'])).toBeUndefined();
  });

  it('P3 · a key written twice is found where JSON.parse takes it from: the last', () => {
    expect(placeOf('{"a": 1, "a": 2}', ['a'])).toEqual({ key: 9, value: 14 });
  });
});
