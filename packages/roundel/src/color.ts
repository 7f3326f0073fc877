import type { Env } from './agent.js';

/** How many colours the output may use: none, 16, 256, or 24-bit. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** Wrappers that colour a string for human output, identity when colour is off. */
export type Colors = {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  yellow: (text: string) => string;
  green: (text: string) => string;
  cyan: (text: string) => string;
};

function forcedLevel(value: string): ColorLevel {
  if (value === '0' || value === 'false') return 0;
  if (value === '2') return 2;
  if (value === '3') return 3;
  // Any other value, even empty, is a request for colour, so the basic level is the safe choice.
  return 1;
}

/** Decides the colour level from the environment and whether the stream is a terminal (H3). */
export function colorLevel(input: { env: Env; isTTY: boolean }): ColorLevel {
  const { env, isTTY } = input;
  // NO_COLOR is the user's explicit refusal, so it beats FORCE_COLOR set by some tool upstream.
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  if (env.FORCE_COLOR !== undefined) return forcedLevel(env.FORCE_COLOR);
  if (!isTTY) return 0;
  if (env.TERM === 'dumb') return 0;
  if (env.COLORTERM === 'truecolor' || env.COLORTERM === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

const identity = (text: string): string => text;

// Each wrapper closes only its own attribute, so nested wrappers keep the outer style.
const sgr =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

/** Creates the string wrappers used by help and human errors for the given colour level. */
export function createColors(level: ColorLevel): Colors {
  if (level === 0) {
    return { bold: identity, dim: identity, red: identity, yellow: identity, green: identity, cyan: identity };
  }
  // Only the 16 basic colours are used, so every level above 0 looks the same.
  return {
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    yellow: sgr(33, 39),
    green: sgr(32, 39),
    cyan: sgr(36, 39),
  };
}
