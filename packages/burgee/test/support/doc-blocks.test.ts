import { describe, expect, it } from 'vitest';
import { matchesTranscript, readBlocks, readConsole } from './doc-blocks.js';

describe('the documentation runner reads pages as its convention says', () => {
  it('N4 · blocks carry their language, line, file and the nearest requirement anchor', () => {
    const page = [
      '# T',
      '<a id="m4"></a>',
      '```js',
      '// file: cli.mjs',
      'x;',
      '```',
      '````console',
      '$ node cli.mjs',
      '```',
      '````',
    ].join('\n');
    expect(readBlocks('p.md', page)).toEqual([
      { page: 'p.md', line: 3, lang: 'js', id: 'M4', file: 'cli.mjs', code: 'x;\n' },
      { page: 'p.md', line: 7, lang: 'console', id: 'M4', file: undefined, code: '$ node cli.mjs\n```\n' },
    ]);
    expect(() => readBlocks('p.md', '```js\nx')).toThrow('p.md:1: a code fence is never closed');
  });

  it('N4 · a console block is its $ lines, each with the lines under it', () => {
    expect(readConsole('$ a\none\n\ntwo\n$ b\n')).toEqual([
      { command: 'a', expected: ['one', '', 'two'] },
      { command: 'b', expected: [] },
    ]);
    expect(() => readConsole('stray\n$ a\n')).toThrow('must start with a "$ " line');
  });

  it('N4 · a shown line "..." stands for any number of printed lines; every other line must match', () => {
    expect(matchesTranscript(['a', '...', 'z'], ['a', 'b', 'c', 'z'])).toBe(true);
    expect(matchesTranscript(['a', '...', 'z'], ['a', 'z'])).toBe(true);
    expect(matchesTranscript(['a', '...'], ['a'])).toBe(true);
    expect(matchesTranscript(['a', '...', 'z'], ['a', 'b'])).toBe(false);
    expect(matchesTranscript(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(matchesTranscript(['a'], ['a', 'b'])).toBe(false);
    expect(matchesTranscript([], [])).toBe(true);
  });
});
