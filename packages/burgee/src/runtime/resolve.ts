import type { OptionSpec } from '../declaration/types.js';
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption, Scalar } from '../manifest/types.js';
import { checkRange, coerce } from './coerce.js';
import { configFor, type LoadedConfig } from './config-file.js';
import { ConfigError, UsageError } from './errors.js';
import { type Layer, layersOf, type ProvenanceEntry, provenanceOf, winningLayer } from './layers.js';
import type { ParsedArgv } from './parse-argv.js';
import { commandLine, optionEnd, suggest } from './suggest.js';

/** The values a handler receives, and where each came from. */
export type Resolved = {
  options: Record<string, Scalar | Scalar[]>;
  args: Record<string, string | string[] | undefined>;
  provenance: Record<string, ProvenanceEntry>;
  /** Options bound to a prompt that no layer gave a value: asked for, or refused, before the handler (A6). */
  unanswered?: ManifestOption[];
};

type Inputs = {
  manifest: Manifest;
  parsed: ParsedArgv;
  /** The command line, read only to write a `fix` line: an MCP call builds one only when it fails. */
  argv: () => readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  config: LoadedConfig | undefined;
  specs: Readonly<Record<string, OptionSpec>>;
};

/** Every layer of every option of the command, for `--explain` and for resolution. */
export function optionLayers(inputs: Omit<Inputs, 'specs' | 'argv'>): Map<ManifestOption, Layer[]> {
  const values = configFor(inputs.config, inputs.parsed.command.path);
  return new Map(
    inputs.parsed.command.options.map((o) => [
      o,
      layersOf(o, inputs.parsed.flags.get(o.key), inputs.env, inputs.config, values),
    ]),
  );
}

/**
 * Resolves options (flag > env > config > default) and arguments, refusing in the order of DESIGN P6.
 * Synchronous unless an option's schema has to refine its value: MCP serves many small calls, and
 * every promise costs them.
 */
export function resolveInputs(inputs: Inputs): Resolved | Promise<Resolved> {
  const { parsed, manifest, argv, env, config } = inputs;
  const command = parsed.command;
  const args = bindArguments(manifest, command, parsed.positionals, argv);
  const configValues = configFor(config, command.path);
  const winners: Winner[] = [];
  const unanswered: ManifestOption[] = [];
  for (const option of command.options) {
    const layer = winningLayer(option, { flag: parsed.flags.get(option.key), env, config, configValues });
    if (layer !== undefined) winners.push({ option, layer });
    else if (option.prompt !== undefined) unanswered.push(option);
    else if (option.required) throw missingOption(manifest, command, option, argv);
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
  for (const { option, layer } of winners) {
    checkOptionRange(manifest, option, layer, resolved.options[option.key]!, argv);
  }
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

function bindArguments(
  manifest: Manifest,
  command: ManifestCommand,
  positionals: readonly string[],
  argvOf: () => readonly string[],
): Resolved['args'] {
  const bound: Resolved['args'] = {};
  const declared = command.arguments;
  const variadic = declared.at(-1)?.variadic === true;
  if (!variadic && positionals.length > declared.length) {
    const extra = positionals[declared.length]!;
    const where = [manifest.name, ...command.path].join(' ');
    const hint =
      command.commands.length > 0
        ? `${where} has: ${command.commands.map((c) => c.name).join(', ')}`
        : `${where} takes ${declared.length === 0 ? 'no arguments' : declared.map(render).join(' ')}`;
    throw new UsageError(`unexpected argument ${JSON.stringify(extra)} for ${where}`, { hint });
  }
  declared.forEach((arg, index) => {
    const value = arg.variadic ? positionals.slice(index) : positionals[index];
    const missing = value === undefined || (Array.isArray(value) && value.length === 0);
    if (missing && arg.required) {
      const argv = argvOf();
      const where = [manifest.name, ...command.path].join(' ');
      throw new UsageError(`missing argument ${render(arg)} for ${where}`, {
        hint: arg.description === undefined ? `give ${render(arg)}` : `give ${render(arg)}: ${arg.description}`,
        fix: commandLine([
          manifest.name,
          ...argv.slice(0, optionEnd(argv)).filter((w) => w !== '--json'),
          `<${arg.name}${arg.variadic ? '...' : ''}>`,
          ...(argv.slice(0, optionEnd(argv)).includes('--json') ? ['--json'] : []),
          ...argv.slice(optionEnd(argv)),
        ]),
      });
    }
    bound[arg.name] = missing ? (arg.default === undefined ? (arg.variadic ? [] : undefined) : arg.default) : value;
  });
  return bound;
}

const render = (arg: ManifestArgument): string =>
  arg.required ? `<${arg.name}${arg.variadic ? '...' : ''}>` : `[${arg.name}${arg.variadic ? '...' : ''}]`;

function missingOption(
  manifest: Manifest,
  command: ManifestCommand,
  option: ManifestOption,
  argvOf: () => readonly string[],
): UsageError {
  const argv = argvOf();
  const where = [manifest.name, ...command.path].join(' ');
  const placeholder = `<${option.placeholder ?? 'value'}>`;
  const sources = [
    option.flag,
    ...(option.env === undefined ? [] : [`$${option.env}`]),
    ...(manifest.config ? ['the config file'] : []),
  ];
  return new UsageError(`missing required option ${option.flag} for ${where}`, {
    hint: `${option.description === undefined ? '' : `${option.flag}: ${option.description}; `}set it with ${sources.join(' or ')}`,
    fix: commandLine([
      manifest.name,
      ...argv.slice(0, optionEnd(argv)),
      option.flag,
      placeholder,
      ...argv.slice(optionEnd(argv)),
    ]),
  });
}

function checkOptionRange(
  manifest: Manifest,
  option: ManifestOption,
  layer: Layer,
  value: Scalar | Scalar[],
  argvOf: () => readonly string[],
): void {
  const problem = checkRange(option, value);
  if (problem === undefined) return;
  const close =
    option.choices === undefined || typeof problem.bad !== 'string'
      ? []
      : suggest(problem.bad, option.choices.map(String));
  const details: { hint: string; fix?: string } = {
    hint:
      close.length > 0
        ? `did you mean ${close.join(' or ')}?`
        : option.choices === undefined
          ? `give ${option.flag} a value in range`
          : `choose one of ${option.choices.join(', ')}`,
  };
  if (layer.source !== 'flag')
    throw new ConfigError(
      `${problem.message} (from ${layer.source} ${layer.location ?? ''})`.replace(/ \)$/, ')'),
      details,
    );
  if (close.length === 1) {
    // Correct only this option's value, never an argument or another option's value that reads the same.
    const argv = argvOf();
    const bad = String(problem.bad);
    const names = [option.flag, ...(option.short === undefined ? [] : [`-${option.short}`])];
    const end = optionEnd(argv);
    const fixed = argv.map((w, i) =>
      i >= end
        ? w
        : w === bad && names.includes(argv[i - 1] ?? '')
          ? close[0]!
          : w === `${option.flag}=${bad}`
            ? `${option.flag}=${close[0]}`
            : w,
    );
    if (fixed.some((w, i) => w !== argv[i])) details.fix = commandLine([manifest.name, ...fixed]);
  }
  throw new UsageError(problem.message, details);
}

async function refine(
  option: ManifestOption,
  layer: Layer,
  schema: NonNullable<OptionSpec['schema']>,
  value: Scalar | Scalar[],
): Promise<Scalar | Scalar[]> {
  const result = await schema['~standard'].validate(value);
  if (result.issues === undefined) return result.value as Scalar | Scalar[];
  const message = `${option.flag}: ${result.issues.map((i) => i.message).join('; ')}`;
  const Failure = layer.source === 'flag' || layer.source === 'default' ? UsageError : ConfigError;
  throw new Failure(message, {
    hint:
      option.description === undefined ? `give ${option.flag} a valid value` : `${option.flag}: ${option.description}`,
  });
}
