import type { OptionSpec } from '../declaration/types.js';
import { ConfigError, refuse, UsageError } from '../errors/errors.js';
import type { Scene } from '../errors/refusals/refusal.js';
import { missingOption, outOfRange, schemaRefused } from '../errors/refusals/resolve.js';
import type { Manifest, ManifestOption, Scalar } from '../manifest/types.js';
import { type BoundArguments, bindArguments, checkArgumentChoices, coerceArguments } from './arguments.js';
import { checkRange, coerce } from './coerce.js';
import { configFor, type LoadedConfig } from './config-file.js';
import { type Layer, layersOf, type ProvenanceEntry, provenanceOf, winningLayer } from './layers.js';
import type { ParsedArgv } from './parse-argv.js';

/** The values a handler receives, and where each came from. */
export type Resolved = {
  options: Record<string, Scalar | Scalar[]>;
  args: BoundArguments;
  provenance: Record<string, ProvenanceEntry>;
  /** Options bound to a prompt that no layer gave a value: asked for, or refused, before the handler (A6). */
  unanswered?: ManifestOption[];
};

type Inputs = {
  manifest: Manifest;
  parsed: ParsedArgv;
  env: Readonly<Record<string, string | undefined>>;
  config: LoadedConfig | undefined;
  specs: Readonly<Record<string, OptionSpec>>;
};

/** Every layer of every option of the command, for `--explain` and for resolution. */
export function optionLayers(inputs: Omit<Inputs, 'specs'>): Map<ManifestOption, Layer[]> {
  const values = configFor(inputs.config, inputs.parsed.command.path);
  return new Map(
    inputs.parsed.command.options.map((o) => [
      o,
      layersOf(o, inputs.parsed.flags.get(o.key), inputs.env, inputs.config, values, inputs.parsed.command.path),
    ]),
  );
}

/**
 * Resolves options (flag > env > config > default) and arguments, refusing in the order of P6.
 * Synchronous unless an option's schema has to refine its value: MCP serves many small calls, and
 * every promise costs them.
 */
export function resolveInputs(inputs: Inputs): Resolved | Promise<Resolved> {
  const { parsed, manifest, env, config } = inputs;
  const command = parsed.command;
  const scene: Scene = { manifest, command, words: parsed.words };
  const args = bindArguments(scene, parsed.positionals);
  const configValues = configFor(config, command.path);
  const winners: Winner[] = [];
  const unanswered: ManifestOption[] = [];
  for (const option of command.options) {
    const flag = parsed.flags.get(option.key);
    const layer = winningLayer(option, { flag, env, config, configValues, commandPath: command.path });
    if (layer !== undefined) winners.push({ option, layer });
    else if (option.prompt !== undefined) unanswered.push(option);
    else if (option.required) throw refuse(missingOption(scene, option), scene.command);
  }
  const resolved: Resolved = { options: {}, args, provenance: {} };
  if (unanswered.length > 0) resolved.unanswered = unanswered;
  for (const { option, layer } of winners) {
    const typed = coerce(option, layer);
    if ('problem' in typed) {
      const Failure = layer.source === 'flag' || layer.source === 'default' ? UsageError : ConfigError;
      throw new Failure(typed.problem.message, { hint: typed.problem.hint });
    }
    resolved.options[option.key] = typed.value;
    resolved.provenance[option.key] = provenanceOf(option, layer);
  }
  const positionals = { words: parsed.positionals, at: parsed.positionalAt };
  coerceArguments(scene, positionals, args);
  for (const { option, layer } of winners) {
    checkOptionRange(scene, option, layer, resolved.options[option.key]!);
  }
  checkArgumentChoices(scene, positionals, args);
  const refined = winners.filter(({ option }) => inputs.specs[option.key]?.schema !== undefined);
  return refined.length === 0 ? resolved : refineAll(resolved, refined, inputs.specs);
}

type Winner = { option: ManifestOption; layer: Layer };

async function refineAll(resolved: Resolved, winners: readonly Winner[], specs: Inputs['specs']): Promise<Resolved> {
  for (const { option, layer } of winners) {
    resolved.options[option.key] = await refine(
      option,
      layer,
      specs[option.key]!.schema!,
      resolved.options[option.key]!,
    );
  }
  return resolved;
}

function checkOptionRange(scene: Scene, option: ManifestOption, layer: Layer, value: Scalar | Scalar[]): void {
  const problem = checkRange(option, value);
  if (problem === undefined) return;
  // A list's element is located by itself: `release.tag[1]`, not the whole list.
  const index = Array.isArray(value) ? value.indexOf(problem.bad) : undefined;
  const from = layer.place === undefined ? layer : { ...layer, location: `${layer.place(index)} in ${layer.location}` };
  const refusal = outOfRange(scene, option, problem, from);
  if (layer.source !== 'flag') throw new ConfigError(refusal.message, refusal);
  throw refuse(refusal, scene.command);
}

async function refine(
  option: ManifestOption,
  layer: Layer,
  schema: NonNullable<OptionSpec['schema']>,
  value: Scalar | Scalar[],
): Promise<Scalar | Scalar[]> {
  const result = await schema['~standard'].validate(value);
  if (result.issues === undefined) return result.value as Scalar | Scalar[];
  const refusal = schemaRefused(option, result.issues, [layer.raw, value]);
  const Failure = layer.source === 'flag' || layer.source === 'default' ? UsageError : ConfigError;
  throw new Failure(refusal.message, refusal);
}
