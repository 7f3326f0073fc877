import { afterAll, describe, expect, it } from 'vitest';
import { yargsCases } from './support/corpus-yargs.js';
import { runPair, writePairs } from './support/differential.js';

// Each program is written once with `__IMPORT__` and run twice per argv: importing `yargs`, and
// importing `burgee/yargs`. No run uses a surface burgee adds, so every byte must match (F2).
const cases = yargsCases;

const corpus = writePairs(cases, 'yargs', 'burgee/yargs');
afterAll(() => corpus.dispose());

const total = cases.reduce((n, c) => n + c.runs.length, 0);

describe(`F2 · yargs and burgee/yargs answer ${total} command lines byte for byte alike`, () => {
  it('F2 · the corpus holds at least 30 yargs behaviours', () => {
    expect(total).toBeGreaterThanOrEqual(30);
  });
  cases.forEach((c, i) => {
    it(`F2 · ${c.title}`, async () => {
      const pair = corpus.pairs[i]!;
      for (const argv of c.runs) {
        const { host, adapter } = await runPair(pair, argv, c.env);
        expect({ argv, ...adapter }).toEqual({ argv, ...host });
      }
    });
  });
});
