import { afterAll, describe, expect, it } from 'vitest';
import { commanderCases } from './support/corpus-commander.js';
import { runPair, writePairs } from './support/differential.js';

// Each program is written once with `__IMPORT__` and run twice per argv: importing `commander`, and
// importing `burgee/commander`. No run uses a surface burgee adds, so every byte must match (F1).
const cases = commanderCases;

const corpus = writePairs(cases, 'commander', 'burgee/commander');
afterAll(() => corpus.dispose());

const total = cases.reduce((n, c) => n + c.runs.length, 0);

describe(`F1 · commander and burgee/commander answer ${total} command lines byte for byte alike`, () => {
  it('F1 · the corpus holds at least 40 commander behaviours', () => {
    expect(total).toBeGreaterThanOrEqual(40);
  });
  cases.forEach((c, i) => {
    it(`F1 · ${c.title}`, async () => {
      const pair = corpus.pairs[i]!;
      for (const argv of c.runs) {
        const { host, adapter } = await runPair(pair, argv, c.env);
        expect({ argv, ...adapter }).toEqual({ argv, ...host });
      }
    });
  });
});
