// N5 · E3 · `--json --lean`: what an agent that reads many results may ask for. The contract's
// envelope stays the default; a lean success leaves `meta.provenance` out, and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program as ship } from '../../../examples/ship/cli.mjs';
import { runProgram } from '../src/testing/index.js';

const env = { SHIP_CONFIG_DIR: '' };

describe('N5 · --json --lean', () => {
  it('N5 · a success is ok and data alone; --json alone keeps meta.provenance (probe: lean-success)', async () => {
    const lean = await runProgram(ship, ['status', '--json', '--lean'], { env });
    const full = await runProgram(ship, ['status', '--json'], { env });
    expect(lean.exitCode).toBe(0);
    expect(lean.stderr).toBe('');
    const envelope = JSON.parse(lean.stdout);
    expect(Object.keys(envelope)).toEqual(['ok', 'data']);
    expect(envelope.data).toEqual(JSON.parse(full.stdout).data);
    expect(JSON.parse(full.stdout).meta).toHaveProperty('provenance');
  });

  it('N5 · an idempotent command keeps meta.changed', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'burgee-lean-'));
    try {
      const first = await runProgram(ship, ['config', 'set', 'region', 'eu', '--json', '--lean'], { env, cwd });
      expect(JSON.parse(first.stdout)).toEqual({
        ok: true,
        data: { key: 'region', value: 'eu', changed: true },
        meta: { changed: true },
      });
      const again = await runProgram(ship, ['config', 'set', 'region', 'eu', '--json', '--lean'], { env, cwd });
      expect(JSON.parse(again.stdout).meta).toEqual({ changed: false });
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('N5 · a failure is the same envelope as with --json alone', async () => {
    const lean = await runProgram(ship, ['status', '--problem', '--json', '--lean'], { env });
    const full = await runProgram(ship, ['status', '--problem', '--json'], { env });
    expect(lean.exitCode).toBe(2);
    expect(JSON.parse(lean.stdout).error.message).toBe(JSON.parse(full.stdout).error.message);
  });

  it('E2 · --lean without --json is a usage error whose fix adds --json', async () => {
    const result = await runProgram(ship, ['status', '--lean']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --lean works only with --json');
    expect(result.stderr).toContain('fix: ship status --json --lean');
  });
});
