import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { lacking } from './support/tools.js';
import { TEST_TOOLS } from './support/tools-list.mjs';

// `npm test` on a machine without zsh, fish or tmux must pass with those tests skipped by name,
// never fail with `spawn fish ENOENT`: every file that drives a real shell or terminal says which.
const testDir = join(repoRoot, 'packages/burgee/test');
// What drives one: the helpers of support/tmux.ts and support/shells.ts for tmux, zsh and fish, or a spawn
// of one of them (bash is on every machine these tests run on).
const drivers = /\b(Terminal\.start|openZshPane|fishComplete)\(|\b(spawn|execFile)(Sync)?\(\s*'(fish|zsh|tmux)'/;

describe('N4 · the shell and terminal tests are skipped, by name, where their tools are missing', () => {
  const files = readdirSync(testDir).filter((file) => file.endsWith('.test.ts'));
  const driving = files.filter((file) => drivers.test(readFileSync(join(testDir, file), 'utf8')));

  it('N4 · some test files drive real shells and terminals (the check below is not vacuous)', () => {
    expect(driving.length).toBeGreaterThanOrEqual(2);
  });

  it.each(driving)('N4 · %s wraps its real-shell tests in describeWith', (file) => {
    const source = readFileSync(join(testDir, file), 'utf8');
    expect(source).toMatch(/from '\.\/support\/tools\.js'/);
    expect(source).toMatch(/describeWith\(\[/);
  });

  it('N4 · the README names every tool the tests drive, as a requirement', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const requirements = readme.slice(readme.indexOf('Needs Node.js'), readme.indexOf('## Quick start'));
    for (const tool of Object.keys(TEST_TOOLS)) expect(requirements).toContain(tool);
  });

  it('N4 · a missing tool is reported as missing', () => {
    expect(lacking('bash')).toEqual([]);
  });
});
