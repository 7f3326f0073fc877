import { describe, expect, it } from 'vitest';
import { programName } from './program-name.js';

describe('F2 · the name of a yargs program, from its $0', () => {
  it.each([
    ['ship', 'ship'],
    ['my tool', 'my tool'],
    ['node_modules/.bin/ship.mjs', 'ship'],
    ['node ./bin/ship.cjs', 'ship'],
    ['C:\\tools\\ship.ts', 'ship'],
    ['bin/ship', 'ship'],
    ['bin/.shiprc', '.shiprc'],
  ])('%s → %s', ($0, name) => {
    expect(programName($0)).toBe(name);
  });
});
