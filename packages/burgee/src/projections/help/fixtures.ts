/**
 * Help-specific test data: the deploy example program, colours that leave marks and a row finder
 * (test data only; no source file imports it). The manifest factories live in manifest/fixtures.ts.
 */
import { command, group, manifest, option } from '../../manifest/fixtures.js';
import type { Manifest } from '../../manifest/types.js';
import type { Colors } from '../human/colors.js';

/** The deploy example command. */
export const deploy = command(['deploy'], {
  description: 'Deploy a build',
  effects: 'non_idempotent',
  options: [
    option('target', 'string', { required: true, short: 't', description: 'where to deploy' }),
    option('yes', 'boolean', { description: 'skip the confirmation' }),
  ],
});

/** A program of three visible commands, one hidden and one deprecated. */
export function program(extra: Partial<Manifest> = {}): Manifest {
  const status = command(['status'], {
    summary: 'Show what is deployed',
    description: 'Show what is deployed.\nLong.',
  });
  const internal = command(['internal'], { hidden: true, description: 'never listed' });
  const ship = command(['ship'], { deprecated: 'deploy', description: 'Old name of deploy' });
  const root = group([], [deploy, status, internal, ship]);
  return manifest(root, { description: 'Ship builds', ...extra });
}

/** Colours that leave visible marks, so tests can see what was painted. */
export const markColors: Colors = {
  bold: (s) => `*${s}*`,
  dim: (s) => `~${s}~`,
  red: (s) => `r(${s})`,
  yellow: (s) => `y(${s})`,
  green: (s) => `g(${s})`,
  cyan: (s) => `c(${s})`,
};

/** The list row that starts with `left`, its column padding squeezed to two spaces. */
export const rowOf = (text: string, left: string): string | undefined =>
  text
    .split('\n')
    .find((line) => line.trim().startsWith(left))
    ?.trim()
    .replace(/ {2,}/, '  ');
