import { describe, expect, it } from 'vitest';
import { code, heading, paragraph, prose } from './markdown.js';

// The escapes on their own; test/skills.format-markdown.test.ts checks them through `skills print` and `--llms`.
describe('L1 · author text as Markdown', () => {
  it.each([
    ['ship status', '`ship status`'],
    ['echo `date`', '`` echo `date` ``'],
    ['a ``b`` c', '```a ``b`` c```'],
    ['`x`', '`` `x` ``'],
    [' a ', '`  a  `'],
    ['   ', '`   `'],
    ['one\ntwo\r\nthree', '`one two three`'],
  ])('L1 · code(%j) is %s: fenced past the longest run, padded where CommonMark would strip', (text, span) => {
    expect(code(text)).toBe(span);
  });

  it.each([
    ['Show the state of every service', 'Show the state of every service'],
    ['env SHIP_CHANNEL, snake_case, a | b, 1–20, e.g. x-y.', 'env SHIP_CHANNEL, snake_case, a | b, 1–20, e.g. x-y.'],
    ['one\n\n## two', 'one ## two'],
    ['<b>x</b> <!-- y --> <a@b.c> 1 < 2', '&lt;b>x&lt;/b> &lt;!-- y --> &lt;a@b.c> 1 < 2'],
    ['&amp; &#60; & more', '&amp;amp; &amp;#60; & more'],
    ['*a* _b_ __c__ ~~d~~ `e`', '\\*a\\* \\_b\\_ \\_\\_c\\_\\_ \\~\\~d\\~\\~ \\`e\\`'],
    ['[a](b) ![c](d) [e]', '[a\\](b) ![c\\](d) [e]'],
    ['C:\\dir \\* \\', 'C:\\dir \\\\\\* \\\\'],
  ])('L1 · prose(%j) is %j', (text, markdown) => {
    expect(prose(text)).toBe(markdown);
  });

  it.each([
    ['# a', '\\# a'],
    ['#hashtag', '#hashtag'],
    ['> a', '\\> a'],
    ['- a', '\\- a'],
    ['-v turns it on', '-v turns it on'],
    ['+ a', '\\+ a'],
    ['---', '\\---'],
    ['- - -', '\\- - -'],
    ['* * *', '\\* \\* \\*'],
    ['1. a', '1\\. a'],
    ['2) a', '2\\) a'],
    ['2024 was a year', '2024 was a year'],
    ['[a]: https://example.com', '\\[a]: https://example.com'],
    ['```js', '\\`\\`\\`js'],
  ])('L1 · paragraph(%j) is %j: it opens no block', (text, markdown) => {
    expect(paragraph(text)).toBe(markdown);
  });

  it.each([
    ['tool db', 'tool db'],
    ['tool #', 'tool \\#'],
    ['#', '\\#'],
    ['c#', 'c#'],
  ])('L1 · heading(%j) is %j: a closing run of # is kept', (text, markdown) => {
    expect(heading(text)).toBe(markdown);
  });
});
