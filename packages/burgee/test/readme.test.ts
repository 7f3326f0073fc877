import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';

const readme = readFileSync(`${repoRoot}README.md`, 'utf8');

/** Each `$ node cli.mjs …` line of the README's console block, with the lines it claims to print. */
function transcript(): { args: string[]; expected: string }[] {
  const block = /```console\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const runs: { args: string[]; expected: string }[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('$ node cli.mjs'))
      runs.push({ args: line.slice('$ node cli.mjs'.length).trim().split(/\s+/), expected: '' });
    else if (runs.length > 0) runs.at(-1)!.expected += `${line}\n`;
  }
  return runs.map((run) => ({ ...run, expected: run.expected.replace(/\n+$/, '\n') }));
}

describe('the README quick start', () => {
  it('H1 · the quick start is the shipped example, and its transcript is what it really prints', async () => {
    const source = readFileSync(`${repoRoot}examples/greet/cli.mjs`, 'utf8');
    const shown = /```js\n\/\/ examples\/greet\/cli\.mjs\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(source);
    expect(source.split('\n').length).toBeLessThanOrEqual(15);
    const runs = transcript();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const { args, expected } of runs) {
      const result = await runCli(`${repoRoot}examples/greet/cli.mjs`, args);
      expect(result.stdout + result.stderr).toBe(expected);
    }
  });
});
