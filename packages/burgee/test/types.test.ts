import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';

describe('what a TypeScript user gets', () => {
  it('N4 · a strict NodeNext project type-checks against the shipped declarations, with options inferred', () => {
    const project = fileURLToPath(new URL('./fixtures/consumer/tsconfig.json', import.meta.url));
    const tsc = `${repoRoot}node_modules/typescript/bin/tsc`;
    const result = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
    // A whole compiler run over a project: tens of seconds when the machine is shared.
  }, 180_000);
});
