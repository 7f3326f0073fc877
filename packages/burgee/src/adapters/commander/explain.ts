import type { Command } from 'commander';
import type { ManifestOption } from '../../manifest/types.js';
import type { Layer } from '../../pipeline/layers.js';
import type { Explanation } from '../../surfaces/explain.js';
import { optionOwners } from './manifest.js';

/**
 * `--explain <option>` for the command commander reached (P5): the layers commander reads (the
 * flag, the option's environment variable, a value the program set as from a config, the default)
 * and the one commander's own record of the value's source names, with the value it made of it.
 */
export function explainCommander(
  reached: Command,
  option: ManifestOption,
  env: Readonly<Record<string, string | undefined>>,
): Explanation {
  // An ancestor's option (manifest.ts) keeps its value and its source on the ancestor; where two
  // declare the key, the one commander gave a value to.
  const owners = optionOwners(reached).filter((owner) =>
    owner.options.some((own) => own.attributeName() === option.key),
  );
  const command = owners.find((owner) => owner.getOptionValueSource(option.key) !== undefined) ?? owners[0] ?? reached;
  const source = command.getOptionValueSource(option.key);
  const value: unknown = command.getOptionValue(option.key);
  const flag: Layer = { source: 'flag', location: option.flag };
  if (source === 'cli') flag.raw = value;
  const layers: Layer[] = [flag];
  let won: Layer | undefined = source === 'cli' ? flag : undefined;
  if (option.env !== undefined) {
    const fromEnv: Layer = { source: 'env', location: option.env };
    if (env[option.env] !== undefined) fromEnv.raw = env[option.env];
    layers.push(fromEnv);
    if (source === 'env') won = fromEnv;
  }
  if (source === 'config') {
    won = { source: 'config', raw: value };
    layers.push(won);
  }
  const fallback: Layer = { source: 'default' };
  // An option another one implied (`.implies()`) is counted as a default, as in the envelope's provenance.
  if (option.default !== undefined || source === 'default' || source === 'implied')
    fallback.raw = source === 'default' || source === 'implied' ? value : option.default;
  layers.push(fallback);
  if (source === 'default' || source === 'implied') won = fallback;
  return { option, layers, won, value: won === undefined ? null : value };
}
