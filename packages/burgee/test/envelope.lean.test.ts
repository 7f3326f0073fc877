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

  it('N5 · A4 · a next step keeps --lean, so following it gives the envelope the caller asked for', async () => {
    const lean = JSON.parse((await runProgram(ship, ['db', 'drop', '--json', '--lean'], { env })).stdout);
    expect(lean.next).toEqual([{ command: 'ship db drop --yes --json --lean', when: 'only if you have a backup' }]);
    const full = JSON.parse((await runProgram(ship, ['db', 'drop', '--json'], { env })).stdout);
    expect(full.next[0].command).toBe('ship db drop --yes --json');
  });

  it('N5 · P6 · a missing argument: the fix puts its placeholder before --json and --lean, as typed', async () => {
    const args = ['config', 'get', '--json', '--lean'];
    const { error } = JSON.parse((await runProgram(ship, args, { env })).stdout);
    expect(error.fix).toBe('ship config get <key> --json --lean');
  });

  it('E2 · --lean without --json is a usage error whose fix adds --json', async () => {
    const result = await runProgram(ship, ['status', '--lean']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: --lean works only with --json');
    expect(result.stderr).toContain('fix: ship status --json --lean');
  });
});
