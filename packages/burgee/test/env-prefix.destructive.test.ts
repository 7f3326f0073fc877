import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CliResult, runCli } from './support/cli.js';

// P2, as a user meets it: a MIG_STEPS left in a shell must not change what `mig down --yes`
// reverts. The program runs built, in a child process, with that variable set for every call.

const mig = fileURLToPath(new URL('./fixtures/mig.mjs', import.meta.url));
const LEFTOVER = { MIG_STEPS: '5' };

const run = (args: string[], env: Record<string, string> = LEFTOVER): Promise<CliResult> => runCli(mig, args, { env });

type Envelope = { ok: boolean; data: { steps: number }; meta: { provenance: Record<string, unknown> } };
const envelope = (result: CliResult): Envelope => {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as Envelope;
};

describe('P2 · envPrefix is read only by a command that changes nothing, unless the option names its variable', () => {
  it('P2 · MIG_STEPS is not read by `down` or `up`: steps come from the flag, else the default (probe: destructive-env-prefix)', async () => {
    for (const command of [['down', '--yes'], ['up']]) {
      const plain = envelope(await run([...command, '--json']));
      expect(plain.data.steps).toBe(1);
      expect(plain.meta.provenance.steps).toEqual({ source: 'default' });
      const flag = envelope(await run([...command, '--steps', '2', '--json']));
      expect(flag.data.steps).toBe(2);
      expect(flag.meta.provenance.steps).toEqual({ source: 'flag', location: '--steps' });
    }
    // Not read at all: a value the option would refuse is not refused either.
    expect(envelope(await run(['down', '--yes', '--json'], { MIG_STEPS: 'all' })).data.steps).toBe(1);
    const explain = await run(['down', '--explain', 'steps']);
    expect(explain).toMatchObject({ code: 0, stderr: '' });
    expect(explain.stdout).toBe(
      '--steps = 1  (from default)\n  flag    --steps  (not set)\n  default          1  ← used\n',
    );
  });

  it('P2 · the read_only `pending` still reads MIG_STEPS (probe: destructive-env-prefix)', async () => {
    const result = envelope(await run(['pending', '--json']));
    expect(result.data.steps).toBe(5);
    expect(result.meta.provenance.steps).toEqual({ source: 'env', location: 'MIG_STEPS' });
  });

  it("P2 · `redo`, destructive too, reads MIG_STEPS because its option declares env: 'MIG_STEPS' (probe: destructive-env-prefix)", async () => {
    const result = envelope(await run(['redo', '--json']));
    expect(result.data.steps).toBe(5);
    expect(result.meta.provenance.steps).toEqual({ source: 'env', location: 'MIG_STEPS' });
  });

  it('P2 · help and --schema name MIG_STEPS only where it is read (probe: destructive-env-prefix)', async () => {
    const help = async (command: string) => (await run([command, '--help'], {})).stdout;
    expect(await help('down')).not.toContain('MIG_STEPS');
    expect(await help('up')).not.toContain('MIG_STEPS');
    expect(await help('pending')).toContain('[env: MIG_STEPS]');
    expect(await help('redo')).toContain('[env: MIG_STEPS]');
    const schema = JSON.parse((await run(['--schema'], {})).stdout) as {
      commands: { name: string; options: { name: string; env?: string }[] }[];
    };
    const envOf = Object.fromEntries(
      schema.commands.map((c) => [c.name, c.options.find((o) => o.name === 'steps')?.env ?? null]),
    );
    expect(envOf).toEqual({ pending: 'MIG_STEPS', up: null, down: null, redo: 'MIG_STEPS' });
  });
});
