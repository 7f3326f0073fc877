/**
 * Colour as a parameter: projections stay pure and never decide whether colour is allowed
 * (roundel does, H3). Typed structurally so this folder needs no import from roundel.
 */

/** Wrappers that colour a string, identity when colour is off; roundel's `createColors` fits. */
export type Colors = {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
};

const same = (s: string): string => s;

/** Colours that change nothing: for tests, pipes and `NO_COLOR`. */
export const plainColors: Colors = { bold: same, dim: same, red: same, yellow: same, green: same, cyan: same };
