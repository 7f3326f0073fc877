// What a user sees when they get something wrong, run as a user runs it: a child process, in
// both the --json form (E5) and the human form (E8), with no stack trace anywhere (E7).
import { join } from 'node:path';
import { expect } from 'vitest';
import { type CliResult, example, runCli } from './cli.js';
import { cwd } from './scratch.js';

/** The deploy example's entry. */
export const deploy = example('deploy');
/** The ship example's entry. */
export const ship = example('ship');

/** Runs in the test's own folder (`scratchCwd`), its HOME too, so no config file or settings leak in or out. */
export const run = (script: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
  runCli(script, args, { cwd, env: { HOME: cwd, ...env } });

/** The settings file ship's `config set` writes in the test's folder. */
export const settingsFile = () => join(cwd, '.ship-settings.json');
/** The config file ship finds by itself in the test's folder. */
export const configFile = () => join(cwd, 'ship.config.json');

/** Checks that no stack trace was printed on either stream (E7). */
export function expectNoStack(result: CliResult): void {
  expect(result.stdout).not.toContain('    at ');
  expect(result.stderr).not.toContain('    at ');
}

/** Parses the one --json line and checks the E5 shape around it. */
export function envelopeOf(result: CliResult): { ok: boolean; error: Record<string, unknown> } {
  expect(result.stderr).toBe('');
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.slice(0, -1)).not.toContain('\n');
  expectNoStack(result);
  return JSON.parse(result.stdout);
}
