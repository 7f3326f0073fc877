// --explain <option> (P5): every layer an option's value could come from, shown without running the
// command.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';
import { configFile, envelopeOf, run, ship } from './support/bad-input.js';
import { scratchCwd } from './support/scratch.js';

scratchCwd('burgee-bad-input-');

describe('P5 · --explain <option> shows every layer and runs nothing', () => {
  it('P5 · human: the winner, then each layer in precedence order; exit 0 though --build is missing', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly' }));
    const result = await run(ship, ['release', '--explain', 'channel'], { SHIP_CHANNEL: 'beta' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('--channel = "beta"  (from env SHIP_CHANNEL)');
    expect(lines[1]).toMatch(/^ {2}flag {4}--channel +\(not set\)$/);
    expect(lines[2]).toMatch(/^ {2}env {5}SHIP_CHANNEL +"beta" {2}← used$/);
    expect(lines[3]).toBe(`  config  ${configFile()}  "nightly"`);
    expect(lines[4]).toMatch(/^ {2}default +"stable"$/);
    expect(lines[5]).toBe('');
  });

  it('P5 · --json: the winner and every layer as data', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly' }));
    const result = await run(ship, ['release', '--explain', 'channel', '--json'], { SHIP_CHANNEL: 'beta' });
    expect(result.code).toBe(0);
    const envelope = envelopeOf(result) as unknown as {
      ok: boolean;
      data: { layers: { source: string; location: string | null; used: boolean }[] };
    };
    expect(envelope.ok).toBe(true);
    expect(envelope.data).toMatchObject({ option: 'channel', flag: '--channel', value: 'beta', source: 'env' });
    expect(envelope.data.layers.map(({ source, location, used }) => ({ source, location, used }))).toEqual([
      { source: 'flag', location: '--channel', used: false },
      { source: 'env', location: 'SHIP_CHANNEL', used: true },
      { source: 'config', location: configFile(), used: false },
      { source: 'default', location: null, used: false },
    ]);
  });

  it('P5 · the winner is shown as the command would receive it: env "4" is the number 4', async () => {
    const human = await run(ship, ['release', '--explain', 'replicas'], { SHIP_REPLICAS: '4' });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe('--replicas = 4  (from env SHIP_REPLICAS)');
    expect(human.stdout).toMatch(/^ {2}env {5}SHIP_REPLICAS +"4" {2}← used$/m);
    const json = await run(ship, ['release', '--explain', 'replicas', '--json'], { SHIP_REPLICAS: '4' });
    const data = (envelopeOf(json) as unknown as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ value: 4, source: 'env' });
    expect(data).not.toHaveProperty('problem');
  });

  it('P5 · a winning value the run would refuse says why, still running nothing (exit 0)', async () => {
    const human = await run(ship, ['release', '--explain', 'replicas'], { SHIP_REPLICAS: 'x' });
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(
      '--replicas from env SHIP_REPLICAS would be refused: SHIP_REPLICAS (for --replicas) expects a number, got "x"',
    );
    const json = await run(ship, ['release', '--explain', 'replicas', '--json'], { SHIP_REPLICAS: 'x' });
    expect((envelopeOf(json) as unknown as { data: Record<string, unknown> }).data).toMatchObject({
      value: null,
      source: 'env',
      problem: 'SHIP_REPLICAS (for --replicas) expects a number, got "x"',
    });
  });

  it('P5 · the handler is never called, even when every required value is there', async () => {
    let calls = 0;
    const program = defineProgram({
      name: 'tool',
      commands: [
        defineCommand({
          name: 'deploy',
          effects: 'non_idempotent',
          options: { target: { type: 'string', required: true } },
          run: () => {
            calls++;
            return null;
          },
        }),
      ],
    });
    for (const argv of [
      ['deploy', '--target', 'prod', '--explain', 'target'],
      ['deploy', '--explain', 'target', '--json'],
    ]) {
      const result = await runProgram(program, argv);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
    }
    expect(calls).toBe(0);
    expect((await runProgram(program, ['deploy', '--target', 'prod'])).exitCode).toBe(0);
    expect(calls).toBe(1);
  });
});
