import { describe, expect, it } from 'vitest';
import { fitWidth, type ProgressStream, startProgress } from './progress.js';

/** A terminal stream that records what is written, with a width the test can change mid-run. */
function recorder(columns: number | undefined): ProgressStream & { columns: number | undefined; written: string[] } {
  return {
    columns,
    written: [],
    write(text: string) {
      this.written.push(text);
      return true;
    },
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is removed
const visible = (text: string): string => text.replace(/\r|\u001b\[[0-9;?]*[A-Za-z]/g, '');

describe('H5 · the progress line fits its terminal', () => {
  it.each<[number | undefined, number]>([
    [120, 119],
    [20, 19],
    [2, 1],
    [1, 0],
    [0, 79],
    [undefined, 79],
    [Number.NaN, 79],
  ])('H5 · %s columns: at most %i characters, so the line never wraps', (columns, room) => {
    const text = 'x'.repeat(300);
    expect(fitWidth(text, columns)).toBe('x'.repeat(room));
  });

  it('H5 · wide characters count two columns and combining marks none', () => {
    expect(fitWidth('日本語のテキスト', 7)).toBe('日本語');
    expect(fitWidth('e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301');
    expect(fitWidth('short', 80)).toBe('short');
  });

  it('H5 · every redraw is cut to the width the terminal has now, and stop erases the line and shows the cursor', async () => {
    const stream = recorder(40);
    const line = startProgress(stream, { done: 1, total: 4, message: 'copying a table with a long name' }, {});
    expect(stream.written[0]).toBe('\u001b[?25l');
    stream.columns = 10;
    line.update({ done: 2, total: 4, message: 'still copying' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream.columns = 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
    line.stop();
    line.stop();
    const draws = stream.written.slice(1, -1).map(visible);
    expect(draws[0]).toHaveLength(39);
    expect(draws.some((draw) => draw.length === 9)).toBe(true);
    expect(draws.every((draw) => draw.length <= 79)).toBe(true);
    expect(stream.written.at(-1)).toBe('\r\u001b[2K\u001b[?25h');
    expect(stream.written.filter((text) => text.includes('\u001b[?25h'))).toHaveLength(1);
  });

  it('H5 · the spinner falls back to ASCII frames on the Linux console', () => {
    const stream = recorder(80);
    startProgress(stream, { done: 3 }, { TERM: 'linux' }).stop();
    expect(visible(stream.written[1] ?? '')).toBe('- 3');
  });
});
