import { SURFACE_FLAGS } from '../../host/surfaces.js';
import { DEFAULT_SCHEMA_BUDGET } from '../../manifest/budgets.js';
import { toKebab, toScreamingSnake } from '../../manifest/names.js';
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { declaredEffects } from '../declared-effects.js';
import { isScalar, scalarDefault } from '../host-values.js';
import { adapt } from './adapt.js';
import { programName } from './program-name.js';
import { type AdapterState, type CommandHandler, stateOf, type YargsInstance } from './state.js';

/** yargs' factory, for the scratch instances each command's builder is read on. */
export type YargsFactory = (args?: readonly string[]) => YargsInstance;

/** Options yargs adds to every instance; burgee publishes its own `--help` and `--version` rows. */
const BUILT_IN = new Set(['help', 'version', '$0', '_']);

/**
 * Reads a yargs program into burgee's manifest (F2). Subcommands exist only inside their builders,
 * so each builder runs once on a scratch instance, never on the program's own.
 */
/** What the words of a root without commands are: the program reads them from `argv._` after its parse. */
const WORDS = 'the words after the options, which the program reads as its own arguments';

export function toYargsManifest(instance: YargsInstance, factory: YargsFactory, version: string | undefined): Manifest {
  const state = stateOf(instance);
  const name = programName(instance.$0);
  // `.env()` on the program reaches every command's options: their scratch instances read it too.
  const prefix = instance.getOptions().envPrefix;
  const scoped: YargsFactory = prefix === undefined ? factory : (args) => factory(args).env(prefix);
  const level = readLevel(instance, [], [], state, scoped);
  const fallback = level.commands.find((c) => c.name === '$0');
  const root: ManifestCommand = {
    path: [],
    name,
    // Without commands, the program does its work after parse(), reading `argv`: it runs as a process.
    runnable: fallback !== undefined || level.commands.length === 0,
    hidden: false,
    options: fallback?.options ?? level.options,
    arguments: fallback?.arguments ?? [],
    examples: [],
    commands: level.commands.filter((c) => c !== fallback),
  };
  if (fallback !== undefined) root.effects = fallback.effects ?? declaredEffects(undefined, []);
  else if (level.commands.length === 0) {
    root.effects = declaredEffects(state.effects.get(''), []);
    root.process = true;
    // yargs declares no positionals outside a command: the words it collects in `argv._` are these.
    root.arguments = [{ name: 'args', type: 'string', required: false, variadic: true, description: WORDS }];
  }
  const manifest: Manifest = { name, config: false, schemaBudget: DEFAULT_SCHEMA_BUDGET, root };
  if (version !== undefined) manifest.version = version;
  const shadows = SURFACE_FLAGS.filter((flag) => flag.slice(2) in instance.getOptions().key);
  if (shadows.length > 0) manifest.shadows = shadows;
  return manifest;
}

type Level = { options: ManifestOption[]; commands: ManifestCommand[] };

function readLevel(
  instance: YargsInstance,
  path: string[],
  inherited: ManifestOption[],
  state: AdapterState,
  factory: YargsFactory,
): Level {
  const options = readOptions(instance, new Set());
  const global = [...inherited, ...options.filter((o) => !instance.getOptions().local.includes(o.key))];
  const handlers = instance.getInternalMethods().getCommandInstance().getCommandHandlers();
  const commands = Object.entries(handlers).map(([name, handler]) =>
    readCommand(name, handler, [...path, name], global, state, factory),
  );
  return { options, commands };
}

function readCommand(
  name: string,
  handler: CommandHandler,
  path: string[],
  inherited: ManifestOption[],
  state: AdapterState,
  factory: YargsFactory,
): ManifestCommand {
  const scratch = adapt(factory([]), { ...state, building: [] });
  const ownPath = name === '$0' ? path.slice(0, -1) : path;
  const scratchState = stateOf(scratch);
  scratchState.building = ownPath;
  if (typeof handler.builder === 'function') (handler.builder as (y: YargsInstance) => unknown)(scratch);
  else if (typeof handler.builder === 'object' && handler.builder !== null)
    scratch.options(handler.builder as Record<string, unknown>);
  scratchState.building = [];
  const positionals = [...handler.demanded, ...handler.optional];
  const names = new Set(positionals.flatMap((p) => p.cmd));
  const level = readLevel(scratch, ownPath, inherited, state, factory);
  const own = level.options.filter((o) => !names.has(o.key));
  const options = [...own, ...inherited.filter((o) => !own.some((mine) => mine.key === o.key))];
  const runnable = level.commands.length === 0;
  const node: ManifestCommand = {
    path: ownPath,
    name,
    runnable,
    hidden: handler.description === false,
    options,
    arguments: [
      ...handler.demanded.map((p) => readArgument(p, true, scratch)),
      ...handler.optional.map((p) => readArgument(p, false, scratch)),
    ],
    examples: [],
    commands: level.commands,
  };
  if (typeof handler.description === 'string' && handler.description !== '') node.description = handler.description;
  if (runnable) node.effects = declaredEffects(state.effects.get(ownPath.join(' ')), ownPath);
  return node;
}

function readArgument(
  positional: { cmd: string[]; variadic: boolean },
  required: boolean,
  scratch: YargsInstance,
): ManifestArgument {
  const name = positional.cmd[0] ?? 'arg';
  const table = scratch.getOptions();
  const type = table.number.includes(name) ? 'number' : 'string';
  const argument: ManifestArgument = { name, type, required, variadic: positional.variadic };
  const description = describe(scratch, name);
  if (description !== undefined) argument.description = description;
  const choices = table.choices[name];
  if (choices?.every((choice) => typeof choice === type)) argument.choices = [...(choices as (string | number)[])];
  const fallback = table.default[name];
  if (typeof fallback === type) {
    argument.default = fallback as string | number;
    argument.required = false;
  }
  return argument;
}

function readOptions(instance: YargsInstance, skip: ReadonlySet<string>): ManifestOption[] {
  const table = instance.getOptions();
  const aliases = new Set(Object.values(table.alias).flat());
  return Object.keys(table.key)
    .filter((key) => !BUILT_IN.has(key) && !skip.has(key) && !aliases.has(key))
    .map((name) => readOption(instance, name));
}

function readOption(instance: YargsInstance, name: string): ManifestOption {
  const table = instance.getOptions();
  const key = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const type = table.boolean.includes(name)
    ? 'boolean'
    : table.number.includes(name) || table.count.includes(name)
      ? 'number'
      : 'string';
  const option: ManifestOption = {
    key,
    flag: `--${toKebab(key)}`,
    type,
    required: name in table.demandedOptions,
    // yargs collects a flag typed twice into an array (duplicate-arguments-array): one whose default
    // is an array is read as a list, as c8's `include` is, though it does not say `type: 'array'`.
    multiple: table.array.includes(name) || Array.isArray(table.default[name]),
    integer: table.count.includes(name),
    ...(table.count.includes(name) ? { count: true as const } : {}),
    hidden: table.hiddenOptions.includes(name),
    negatable: type === 'boolean',
    secret: false,
    dynamic: false,
    refined: false,
  };
  const description = describe(instance, name);
  if (description !== undefined) option.description = description;
  const fallback = scalarDefault(table.default[name]);
  if (fallback !== undefined) option.default = fallback;
  const short = table.alias[name]?.find((alias) => alias.length === 1);
  if (short !== undefined) option.short = short;
  if (table.envPrefix !== undefined)
    option.env = table.envPrefix === '' ? toScreamingSnake(key) : `${table.envPrefix}_${toScreamingSnake(key)}`;
  const choices = table.choices[name];
  if (choices?.every(isScalar)) option.choices = [...choices];
  const deprecated = table.deprecatedOptions[name];
  if (typeof deprecated === 'string') option.deprecated = deprecated;
  return option;
}

/** The description as the program wrote it; yargs marks its own built-in strings, which are not the program's. */
function describe(instance: YargsInstance, name: string): string | undefined {
  const text = instance.getInternalMethods().getUsageInstance().getDescriptions()[name];
  return typeof text === 'string' && text !== '' && !text.startsWith('__yargsString__:') ? text : undefined;
}
