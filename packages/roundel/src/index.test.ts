import { expect, it } from 'vitest';
import * as roundel from './index.js';

it('A1 · the public export list is locked', () => {
  expect(Object.keys(roundel).sort()).toEqual([
    'AGENT_VARIABLES',
    'OutputMode',
    'colorLevel',
    'contextInteractive',
    'createColors',
    'detectAgent',
    'interactive',
    'isOutputMode',
    'outputMode',
  ]);
});
