import type { ManifestOption, Scalar } from '../manifest/types.js';
import type { ProvenanceEntry } from '../projections/envelope/index.js';
import type { LoadedConfig } from './config-file.js';
import type { RawFlag } from './parse-argv.js';

export type { ProvenanceEntry };

/** Where a value came from (DESIGN E6). */
export type Source = 'flag' | 'env' | 'config' | 'default';

/** One candidate layer for an option, in precedence order (DESIGN P1). */
export type Layer = {
  source: Source;
  location?: string;
  /** Absent when this layer holds nothing for the option. */
  raw?: unknown;
};

/** Every layer for one option, flag first, whether or not it holds a value. */
export function layersOf(
  option: ManifestOption,
  flag: RawFlag | undefined,
  env: Readonly<Record<string, string | undefined>>,
  config: LoadedConfig | undefined,
  configValues: Readonly<Record<string, unknown>>,
): Layer[] {
  // A short flag is reported by its long name, so provenance reads the same however it was typed.
  const flagLayer: Layer = { source: 'flag', location: flag?.token.startsWith('--') ? flag.token : option.flag };
  if (flag !== undefined) {
    flagLayer.raw = flag.kind === 'boolean' ? flag.value : option.multiple ? flag.values : flag.values.at(-1);
  }
  const layers: Layer[] = [flagLayer];
  if (option.env !== undefined) {
    const envLayer: Layer = { source: 'env', location: option.env };
    const value = env[option.env];
    // A variable set to '' is a value, like `--name ''` (DESIGN P1); only an unset one is absent.
    if (value !== undefined) envLayer.raw = value;
    layers.push(envLayer);
  }
  if (config !== undefined) {
    const configLayer: Layer = { source: 'config', location: config.path };
    if (Object.hasOwn(configValues, option.key) && configValues[option.key] !== null)
      configLayer.raw = configValues[option.key];
    layers.push(configLayer);
  }
  const defaultLayer: Layer = { source: 'default' };
  if (option.default !== undefined) defaultLayer.raw = option.default as Scalar | Scalar[];
  layers.push(defaultLayer);
  return layers;
}

/** The layer that wins: the first that holds a value. */
export const winner = (layers: readonly Layer[]): Layer | undefined => layers.find((l) => 'raw' in l);

/** The provenance entry of a winning layer. */
export function provenanceOf(option: ManifestOption, layer: Layer): ProvenanceEntry {
  const entry: ProvenanceEntry = { source: layer.source };
  if (layer.location !== undefined) entry.location = layer.location;
  if (option.secret) entry.redacted = true;
  return entry;
}
