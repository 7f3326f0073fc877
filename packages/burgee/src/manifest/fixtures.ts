/**
 * Hand-written manifests for tests (test data only: the build leaves `fixtures.ts` out, and no source
 * file imports it). Literals let a test describe a manifest the declaration API would refuse to build.
 */
import { DEFAULT_SCHEMA_BUDGET } from './budgets.js';
import { toKebab } from './names.js';
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption, OptionType } from './types.js';

/** A manifest option with the defaults `buildManifest` fills in; the flag comes from the key. */
export function option(key: string, type: OptionType, extra: Partial<ManifestOption> = {}): ManifestOption {
  return {
    key,
    flag: `--${toKebab(key)}`,
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

/** A manifest argument: required and single, as `buildManifest` fills them in. */
export function argument(name: string, extra: Partial<ManifestArgument> = {}): ManifestArgument {
  return { name, type: 'string', required: true, variadic: false, ...extra };
}

/** A runnable, read-only manifest command at `path`, named by its last word. */
export function command(path: string[], extra: Partial<ManifestCommand> = {}): ManifestCommand {
  return {
    path,
    name: path.at(-1) ?? 'tool',
    runnable: true,
    hidden: false,
    options: [],
    arguments: [],
    examples: [],
    commands: [],
    effects: 'read_only',
    ...extra,
  };
}

/** A manifest group at `path`: runs nothing, so it has no effects. */
export function group(
  path: string[],
  commands: ManifestCommand[],
  extra: Partial<ManifestCommand> = {},
): ManifestCommand {
  const { effects: _none, ...node } = command(path, { runnable: false, commands, ...extra });
  return node;
}

/** A manifest named `tool` around `root`, with the defaults `buildManifest` fills in. */
export function manifest(root: ManifestCommand, extra: Partial<Manifest> = {}): Manifest {
  return { name: 'tool', config: false, schemaBudget: DEFAULT_SCHEMA_BUDGET, root, ...extra };
}
