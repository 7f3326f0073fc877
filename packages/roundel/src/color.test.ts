import { describe, expect, it } from 'vitest';
import { type ColorLevel, colorLevel, createColors } from './color.js';

type Env = Record<string, string | undefined>;

describe('colorLevel', () => {
  const cases: ReadonlyArray<readonly [title: string, env: Env, isTTY: boolean, level: ColorLevel]> = [
    ['NO_COLOR beats FORCE_COLOR=3', { NO_COLOR: '1', FORCE_COLOR: '3' }, true, 0],
    ['NO_COLOR beats truecolor on a terminal', { NO_COLOR: 'yes', COLORTERM: 'truecolor' }, true, 0],
    ['empty NO_COLOR is ignored', { NO_COLOR: '', TERM: 'xterm-256color' }, true, 2],
    ['FORCE_COLOR=0 turns colour off on a terminal', { FORCE_COLOR: '0' }, true, 0],
    ['FORCE_COLOR=false turns colour off', { FORCE_COLOR: 'false', COLORTERM: 'truecolor' }, true, 0],
    ['FORCE_COLOR=1 colours a pipe', { FORCE_COLOR: '1' }, false, 1],
    ['FORCE_COLOR=true colours a pipe', { FORCE_COLOR: 'true' }, false, 1],
    ['empty FORCE_COLOR colours a pipe', { FORCE_COLOR: '' }, false, 1],
    ['FORCE_COLOR=2 gives 256 colours', { FORCE_COLOR: '2' }, false, 2],
    ['FORCE_COLOR=3 gives truecolor', { FORCE_COLOR: '3' }, false, 3],
    ['FORCE_COLOR=1 is not raised by COLORTERM', { FORCE_COLOR: '1', COLORTERM: 'truecolor' }, true, 1],
    ['FORCE_COLOR beats TERM=dumb', { FORCE_COLOR: '2', TERM: 'dumb' }, true, 2],
    ['unknown FORCE_COLOR value is basic colour', { FORCE_COLOR: 'always' }, false, 1],
    ['a pipe gets no colour', { COLORTERM: 'truecolor' }, false, 0],
    ['TERM=dumb gets no colour', { TERM: 'dumb', COLORTERM: 'truecolor' }, true, 0],
    ['COLORTERM=truecolor', { COLORTERM: 'truecolor' }, true, 3],
    ['COLORTERM=24bit', { COLORTERM: '24bit', TERM: 'xterm' }, true, 3],
    ['TERM with 256', { TERM: 'xterm-256color' }, true, 2],
    ['plain terminal', { TERM: 'xterm' }, true, 1],
    ['terminal with an empty env', {}, true, 1],
  ];

  it.each(cases)('H3 · %s', (_title, env, isTTY, level) => {
    expect(colorLevel({ env, isTTY })).toBe(level);
  });
});

describe('createColors', () => {
  it('H3 · level 0 leaves every string untouched', () => {
    const colors = createColors(0);
    for (const wrap of Object.values(colors)) expect(wrap('text')).toBe('text');
  });

  it.each([1, 2, 3] as const)('H3 · level %i wraps strings in SGR codes', (level) => {
    const colors = createColors(level);
    expect(colors.bold('x')).toBe('\u001b[1mx\u001b[22m');
    expect(colors.dim('x')).toBe('\u001b[2mx\u001b[22m');
    expect(colors.red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(colors.yellow('x')).toBe('\u001b[33mx\u001b[39m');
    expect(colors.green('x')).toBe('\u001b[32mx\u001b[39m');
    expect(colors.cyan('x')).toBe('\u001b[36mx\u001b[39m');
  });

  it('H3 · the wrapper set is exactly bold, dim, red, yellow, green, cyan', () => {
    expect(Object.keys(createColors(1)).sort()).toEqual(['bold', 'cyan', 'dim', 'green', 'red', 'yellow']);
    expect(Object.keys(createColors(0)).sort()).toEqual(['bold', 'cyan', 'dim', 'green', 'red', 'yellow']);
  });
});
