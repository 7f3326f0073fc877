import type { ManifestOption, Scalar } from '../manifest/types.js';
import type { ProvenanceEntry } from '../projections/envelope/index.js';
import type { LoadedConfig } from './config-file.js';
import type { RawFlag } from './parse-argv.js';

export type { ProvenanceEntry };

/** Where a value came from (E6). */
export type Source = 'flag' | 'env' | 'config' | 'default';

/** One candidate layer for an option, in precedence order (P1). */
export type Layer = {
  source: Source;
  location?: string;
  /** Absent when this layer holds nothing for the option. */
  raw?: unknown;
  /** A config file's: where the option's value (or its element `index`) is written in it, for errors. */
  place?: (index?: number) => string;
};

/** Where one option's layers are read from. */
type Sources = {
  flag: RawFlag | undefined;
  env: Readonly<Record<string, string | undefined>>;
  config: LoadedConfig | undefined;
  configValues: Readonly<Record<string, unknown>>;
  /** The command's path, whose sections of the config file apply. */
  commandPath: readonly string[];
};

type LayerReader = (option: ManifestOption, sources: Sources) => Layer | undefined;

// A short flag is reported by its long name, so provenance reads the same however it was typed.
const fromFlag: LayerReader = (option, { flag }) => {
  const layer: Layer = { source: 'flag', location: flag?.token.startsWith('--') ? flag.token : option.flag };
  if (flag !== undefined) {
    layer.raw = flag.kind === 'boolean' ? flag.value : option.multiple ? flag.values : flag.values.at(-1);
  }
  return layer;
};

const fromEnv: LayerReader = (option, { env }) => {
  if (option.env === undefined) return undefined;
  const layer: Layer = { source: 'env', location: option.env };
  const value = env[option.env];
  // A variable set to '' is a value, like `--name ''` (P1); only an unset one is absent.
  if (value !== undefined) layer.raw = value;
  return layer;
};

const fromConfig: LayerReader = (option, { config, configValues, commandPath }) => {
  if (config === undefined) return undefined;
  const layer: Layer = {
    source: 'config',
    location: config.path,
    place: (index) => config.locate(commandPath, option.key, index),
  };
  if (Object.hasOwn(configValues, option.key) && configValues[option.key] !== null)
    layer.raw = configValues[option.key];
  return layer;
};

const fromDefault: LayerReader = (option) => {
  const layer: Layer = { source: 'default' };
  if (option.default !== undefined) layer.raw = option.default as Scalar | Scalar[];
  return layer;
};

/** The precedence of P1, in the one place it is written down. */
const PRECEDENCE: readonly LayerReader[] = [fromFlag, fromEnv, fromConfig, fromDefault];

/** Every layer for one option, flag first, whether or not it holds a value (for `--explain`). */
export function layersOf(
  option: ManifestOption,
  flag: RawFlag | undefined,
  env: Readonly<Record<string, string | undefined>>,
  config: LoadedConfig | undefined,
  configValues: Readonly<Record<string, unknown>>,
  commandPath: readonly string[],
): Layer[] {
  const sources = { flag, env, config, configValues, commandPath };
  const layers: Layer[] = [];
  for (const read of PRECEDENCE) {
    const layer = read(option, sources);
    if (layer !== undefined) layers.push(layer);
  }
  return layers;
}

/** The layer that wins: the first that holds a value. */
export const winner = (layers: readonly Layer[]): Layer | undefined => layers.find((l) => 'raw' in l);

/**
 * The winning layer of one option, reading no source past it: what `winner(layersOf(…))` gives,
 * for the many calls a server resolves.
 */
export function winningLayer(option: ManifestOption, sources: Sources): Layer | undefined {
  for (const read of PRECEDENCE) {
    const layer = read(option, sources);
    if (layer !== undefined && 'raw' in layer) return layer;
  }
  return undefined;
}

/** The provenance entry of a winning layer. */
export function provenanceOf(option: ManifestOption, layer: Layer): ProvenanceEntry {
  const entry: ProvenanceEntry = { source: layer.source };
  if (layer.location !== undefined) entry.location = layer.location;
  if (option.secret) entry.redacted = true;
  return entry;
}
