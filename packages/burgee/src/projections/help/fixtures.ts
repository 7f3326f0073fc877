/**
 * Hand-built manifests for the help and human tests (test data only; no source file imports it).
 * Written as literals so these tests do not depend on the declaration API.
 */
import type { Manifest, ManifestCommand, ManifestOption, OptionType } from '../../manifest/types.js';
import type { Colors } from '../human/colors.js';

/** A manifest option with the defaults `buildManifest` fills in. */
export function option(key: string, type: OptionType, extra: Partial<ManifestOption> = {}): ManifestOption {
  return {
    key,
    flag: `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    type,
    required: false,
    multiple: false,
    separator: ',',
    integer: false,
    hidden: false,
    negatable: type === 'boolean',
    secret: false,
    dynamic: false,
    refined: false,
    ...extra,
  };
}

/** A runnable manifest command at `path`. */
export function command(path: string[], extra: Partial<ManifestCommand> = {}): ManifestCommand {
  return {
    path,
    name: path.at(-1) ?? 'tool',
    effects: 'read_only',
    runnable: true,
    hidden: false,
    options: [],
    arguments: [],
    examples: [],
    commands: [],
    ...extra,
  };
}

/** The DESIGN deploy command. */
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
  const root = command([], { runnable: false, commands: [deploy, status, internal, ship] });
  delete root.effects;
  return { name: 'tool', description: 'Ship builds', config: false, schemaBudget: 48_000, root, ...extra };
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
