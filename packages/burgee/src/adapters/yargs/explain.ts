import type { ManifestOption } from '../../manifest/types.js';
import type { Layer } from '../../pipeline/layers.js';
import type { Explanation } from '../../surfaces/explain.js';
import { typedFlag } from './outcome.js';

/**
 * `--explain <option>` for the command yargs reached (P5): the layers yargs reads, in its order (the
 * flag, the `.env()` variable, the default), the first that holds a value used, with the value
 * yargs parsed. yargs keeps no record of where a value came from, so the layers are read as it reads them.
 */
export function explainYargs(
  option: ManifestOption,
  argv: Readonly<Record<string, unknown>>,
  words: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Explanation {
  const value = argv[option.key];
  const flag: Layer = { source: 'flag', location: option.flag };
  if (typedFlag(option, words)) flag.raw = value;
  const layers: Layer[] = [flag];
  if (option.env !== undefined) {
    const fromEnv: Layer = { source: 'env', location: option.env };
    if (env[option.env] !== undefined) fromEnv.raw = env[option.env];
    layers.push(fromEnv);
  }
  const fallback: Layer = { source: 'default' };
  if (option.default !== undefined) fallback.raw = option.default;
  layers.push(fallback);
  const won = layers.find((layer) => 'raw' in layer);
  return { option, layers, won, value: won === undefined ? null : value };
}
