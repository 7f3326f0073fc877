import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { runProgram } from '../src/testing/index.js';

// A collection that happens to fall inside one measurement and not the other would swamp the
// ratio: each run starts from a collected heap.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

async function timed(words: readonly string[]): Promise<number> {
  collect();
  const started = performance.now();
  const result = await runProgram(ship, words);
  const elapsed = performance.now() - started;
  expect(result.exitCode).toBe(0);
  return elapsed;
}

const release = (count: number) => ['release', '--build', '1', '--dry-run', '--json', ...Array(count).fill('--tag=x')];

describe('P4 · parsing is linear in the length of argv', () => {
  it('P4 · 80,000 repeated --tag words take under 24× the time of 10,000 (8× is linear; quadratic, 64×)', async () => {
    // Eight times the words, so that a machine busy elsewhere (which has moved the ratio of two
    // sizes by 1.5× either way) cannot make linear work look quadratic, nor the reverse.
    const small = release(10_000);
    const large = release(80_000);
    await timed(large); // warm the code paths first
    await timed(small);
    // Alternated, and the fastest of each kept: the least disturbed by the rest of the machine.
    let bestSmall = Number.POSITIVE_INFINITY;
    let bestLarge = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 5; round++) {
      bestSmall = Math.min(bestSmall, await timed(small));
      bestLarge = Math.min(bestLarge, await timed(large));
    }
    expect(bestLarge / bestSmall).toBeLessThan(24);
  });

  it('P4 · every repeated value arrives, in order', async () => {
    const words = ['release', '--build', '1', '--dry-run', '--json'];
    for (let i = 0; i < 5_000; i++) words.push(`--tag=t${i}`);
    const result = await runProgram(ship, words);
    const { tags } = (result.json as { data: { tags: string[] } }).data;
    expect(tags).toEqual(Array.from({ length: 5_000 }, (_, i) => `t${i}`));
  });
});
