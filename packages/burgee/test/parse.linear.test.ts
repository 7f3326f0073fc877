import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { runProgram } from '../src/testing/index.js';

/** The fastest of a few runs: the least disturbed by whatever else the machine is doing. */
async function fastest(words: readonly string[], runs = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = await runProgram(ship, words);
    best = Math.min(best, performance.now() - started);
    expect(result.exitCode).toBe(0);
  }
  return best;
}

const release = (count: number) => ['release', '--build', '1', '--dry-run', '--json', ...Array(count).fill('--tag=x')];

describe('P4 · parsing is linear in the length of argv', () => {
  it('P4 · 40,000 repeated --tag words take under 3× the time of 20,000 (a ratio, not a clock)', async () => {
    await fastest(release(2_000), 1); // warm the code paths first
    const twenty = await fastest(release(20_000));
    const forty = await fastest(release(40_000));
    // Linear work doubles (2×); the quadratic copy it replaces made this about 4×.
    expect(forty / twenty).toBeLessThan(3);
  });

  it('P4 · every repeated value arrives, in order', async () => {
    const words = [
      'release',
      '--build',
      '1',
      '--dry-run',
      '--json',
      ...Array.from({ length: 5_000 }, (_, i) => `--tag=t${i}`),
    ];
    const result = await runProgram(ship, words);
    const { tags } = (result.json as { data: { tags: string[] } }).data;
    expect(tags).toEqual(Array.from({ length: 5_000 }, (_, i) => `t${i}`));
  });
});
