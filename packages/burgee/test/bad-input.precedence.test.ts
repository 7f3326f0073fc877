// Which layer gives each option its value (P1), and what provenance says of it (E6): flag, env,
// config file, default.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, envelopeOf, run, ship } from './support/bad-input.js';
import { scratchCwd } from './support/scratch.js';

scratchCwd('burgee-bad-input-');

describe('P1 E6 · precedence and provenance: flag > env > config > default', () => {
  it('P1 · each option takes its highest layer, and provenance names it exactly', async () => {
    writeFileSync(configFile(), JSON.stringify({ channel: 'nightly', replicas: 5, region: 'ap' }));
    const result = await run(ship, ['release', '--build', '1.2.3', '--region', 'eu', '--json'], {
      SHIP_CHANNEL: 'beta',
      SHIP_REGION: 'us',
    });
    expect(result.code).toBe(0);
    const envelope = envelopeOf(result) as unknown as { data: Record<string, unknown>; meta: { provenance: unknown } };
    expect(envelope.data).toMatchObject({ version: '1.2.3', region: 'eu', channel: 'beta', replicas: 5, verify: true });
    expect(envelope.meta.provenance).toEqual({
      build: { source: 'flag', location: '--build' },
      region: { source: 'flag', location: '--region' },
      channel: { source: 'env', location: 'SHIP_CHANNEL' },
      replicas: { source: 'config', location: configFile() },
      verify: { source: 'default' },
    });
  });

  it('E6 · a short flag is recorded under its long name', async () => {
    const envelope = envelopeOf(await run(ship, ['release', '-b', '7', '--json'])) as unknown as {
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.meta.provenance.build).toEqual({ source: 'flag', location: '--build' });
  });

  it('E6 · a secret from SHIP_TOKEN is redacted in provenance and its value is printed nowhere', async () => {
    const token = 'tok-5ecret-Zq9';
    const env = { SHIP_TOKEN: token };
    const json = await run(ship, ['release', '--build', '1', '--json'], env);
    expect(json.code).toBe(0);
    const envelope = envelopeOf(json) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.meta.provenance.token).toEqual({ source: 'env', location: 'SHIP_TOKEN', redacted: true });
    expect(envelope.data.authenticated).toBe(true);
    const others = await Promise.all([
      run(ship, ['release', '--build', '1'], env),
      run(ship, ['release', '--explain', 'token'], env),
      run(ship, ['release', '--explain', 'token', '--json'], env),
    ]);
    for (const result of [json, ...others]) {
      expect(result.code).toBe(0);
      expect(result.stdout + result.stderr).not.toContain(token);
    }
  });

  it('P1 · false, 0 and empty text are values: they win over lower layers', async () => {
    writeFileSync(configFile(), JSON.stringify({ verify: false, canary: 0, region: '', channel: 'nightly' }));
    const result = await run(ship, ['release', '--build', '1', '--channel', '', '--json'], { SHIP_DRY_RUN: '0' });
    // An empty --channel is a value too, so it is checked against the choices rather than skipped.
    expect(result.code).toBe(2);
    expect(envelopeOf(result).error.message).toBe('--channel must be one of stable, beta, nightly; got ""');

    const ok = await run(ship, ['release', '--build', '1', '--json'], { SHIP_DRY_RUN: '0' });
    expect(ok.code).toBe(0);
    const envelope = envelopeOf(ok) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.data).toMatchObject({ verify: false, canary: 0, region: '', channel: 'nightly', released: true });
    const fromConfig = { source: 'config', location: configFile() };
    expect(envelope.meta.provenance).toEqual({
      build: { source: 'flag', location: '--build' },
      verify: fromConfig,
      canary: fromConfig,
      region: fromConfig,
      channel: fromConfig,
      dryRun: { source: 'env', location: 'SHIP_DRY_RUN' },
      replicas: { source: 'default' },
    });
  });

  it('P1 · an empty flag value beats the config file', async () => {
    writeFileSync(configFile(), JSON.stringify({ region: 'ap' }));
    const envelope = envelopeOf(await run(ship, ['release', '--build', '1', '--region', '', '--json'])) as unknown as {
      data: Record<string, unknown>;
      meta: { provenance: Record<string, unknown> };
    };
    expect(envelope.data.region).toBe('');
    expect(envelope.meta.provenance.region).toEqual({ source: 'flag', location: '--region' });
  });
});
