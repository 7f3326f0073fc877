import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

/**
 * Sums V8's --trace-gc-nvp lines of young collections: bytes allocated, and bytes promoted to the
 * old generation. Node 26's V8 writes each as JSON (`"gc":"s"`, `"allocated":N`); earlier ones as
 * `name=value` pairs.
 */
function scavenges(trace: string): { allocated: number; promoted: number }[] {
  const lines = trace.split('\n').filter((line) => /\bgc=s\b|"gc":"s"/.test(line));
  return lines.map((line) => {
    // The first `promoted` of a line is the bytes; a later `promotion_rate` is a percentage.
    const allocated = Number(/\ballocated=(\d+)|"allocated":(\d+)/.exec(line)?.slice(1).find(Boolean));
    const promoted = Number(/\bpromoted=(\d+)|"promoted":(\d+)/.exec(line)?.slice(1).find(Boolean));
    return { allocated, promoted };
  });
}

describe('M6 · memory under load: a run leaves nothing behind for the old generation', () => {
  it('M6 · 20,000 --json runs in one process promote under 1.5% of what they allocate, after warm-up', async () => {
    // What an MCP server does per call. An object the run builds that V8 cannot keep young (an
    // object literal with getters was one: the handler's context promoted ~4.4% of every byte a
    // run allocated, all of it garbage until the next full collection) raises the server's RSS.
    const result = await runCli('test/fixtures/young-runs.mjs', ['20000'], {
      cwd: `${repoRoot}packages/burgee`,
      nodeFlags: ['--trace-gc-nvp'],
      timeoutMs: 120_000,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const young = scavenges(result.stdout).slice(10); // the first ones hold start-up and warm-up
    expect(young.length).toBeGreaterThanOrEqual(10);
    const allocated = young.reduce((sum, s) => sum + s.allocated, 0);
    const promoted = young.reduce((sum, s) => sum + s.promoted, 0);
    expect(Number.isFinite(allocated) && allocated > 0).toBe(true);
    expect(promoted / allocated).toBeLessThan(0.015);
  }, 150_000);
});
