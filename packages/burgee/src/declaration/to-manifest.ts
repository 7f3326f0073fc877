import { DEFAULT_SCHEMA_BUDGET } from '../manifest/budgets.js';
import { toKebab, toScreamingSnake } from '../manifest/names.js';
import { inferPromptKind } from '../manifest/prompt-kind.js';
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption, Scalar } from '../manifest/types.js';
import type { ArgumentSpec, Command, OptionSpec, Program } from './types.js';

const manifests = new WeakMap<Program, Manifest>();

/**
 * Where a program read from a foreign library (commander, yargs) carries the manifest its adapter
 * read from the library's command tree, in place of one built from declarations.
 */
export const MANIFEST = Symbol.for('burgee.manifest');

/** The manifest of a program, built once: every run and every MCP call of that program reads the same one. */
export function manifestOf(program: Program): Manifest {
  let manifest = manifests.get(program);
  if (manifest === undefined) {
    manifest = (program as { [MANIFEST]?: Manifest })[MANIFEST] ?? buildManifest(program);
    manifests.set(program, manifest);
  }
  return manifest;
}

/**
 * Builds the manifest of a checked program, or of a single command as `run` takes it (a program of
 * one command, named after it): plain data, no functions.
 */
export function buildManifest(target: Program | Command): Manifest {
  const program: Pick<
    Program,
    'name' | 'version' | 'description' | 'envPrefix' | 'config' | 'schemaBudget' | 'mcp' | 'check' | 'root'
  > = 'root' in target ? target : { name: target.name, root: target };
  const manifest: Manifest = {
    name: program.name,
    config: program.config === true,
    schemaBudget: program.schemaBudget ?? DEFAULT_SCHEMA_BUDGET,
    root: buildCommand(program.root, [], program.envPrefix),
  };
  if (program.version !== undefined) manifest.version = program.version;
  if (program.description !== undefined) manifest.description = program.description;
  if (program.envPrefix !== undefined) manifest.envPrefix = program.envPrefix;
  if (program.mcp?.toolBudget !== undefined) manifest.mcp = { toolBudget: program.mcp.toolBudget };
  if (program.mcp?.ask === false) manifest.mcp = { ...manifest.mcp, ask: false };
  if (program.check?.ignore !== undefined) manifest.check = { ignore: [...program.check.ignore] };
  return manifest;
}

/**
 * One node, its options and subcommands built on first read: a run of one command in a program of a
 * thousand reads the nodes on its path and nothing else (N1). Each getter replaces itself with the
 * plain value it built (as does a write), so the node reads, spreads, serialises and is written to as the
 * plain data it describes.
 */
function buildCommand(command: Command, path: string[], envPrefix: string | undefined): ManifestCommand {
  const runnable = command.run !== undefined || command.load !== undefined;
  const node: ManifestCommand = {
    path,
    name: command.name,
    runnable,
    hidden: command.hidden === true,
    get options() {
      const options = command.options ?? {};
      return replaceLazy(
        this,
        'options',
        Object.keys(options).map((key) => buildOption(key, options[key] as OptionSpec, prefixOf(command, envPrefix))),
      );
    },
    set options(value) {
      replaceLazy(this, 'options', value);
    },
    arguments: command.arguments === undefined ? [] : command.arguments.map(buildArgument),
    examples: (command.examples ?? []).map((e) => (typeof e === 'string' ? { command: e } : { ...e })),
    get commands() {
      const children = command.commands ?? [];
      return replaceLazy(
        this,
        'commands',
        children.map((child) => buildCommand(child, [...path, child.name], envPrefix)),
      );
    },
    set commands(value) {
      replaceLazy(this, 'commands', value);
    },
  };
  if (command.description !== undefined) node.description = command.description;
  if (command.summary !== undefined) node.summary = command.summary;
  if (runnable) node.effects = command.effects ?? 'undeclared';
  if (command.deprecated !== undefined) node.deprecated = command.deprecated;
  if (command.output !== undefined) node.output = command.output;
  if (command.task !== undefined) node.task = command.task;
  if (command.fields !== undefined) node.fields = [...command.fields];
  if (command.check?.ignore !== undefined) node.check = { ignore: [...command.check.ignore] };
  return node;
}

/** Turns a lazy field into the plain, writable value it computed. */
function replaceLazy<K extends 'options' | 'commands'>(node: ManifestCommand, key: K, value: ManifestCommand[K]) {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

/**
 * The prefix a command's options are read under (P2). Only a read_only command has one: every other
 * effect changes something (withheld says nothing of what), so there a variable left in a shell
 * (`TOOL_STEPS`) would change what `down --yes` removes; such an option reads only the `env` it names.
 * Every surface reads `option.env`, so the runtime, --explain, help, --schema and check agree.
 */
const prefixOf = (command: Command, envPrefix: string | undefined): string | undefined =>
  command.effects === 'read_only' ? envPrefix : undefined;

function buildOption(key: string, spec: OptionSpec, envPrefix: string | undefined): ManifestOption {
  const option: ManifestOption = {
    key,
    flag: `--${toKebab(key)}`,
    type: spec.type,
    required: spec.required === true,
    multiple: spec.multiple === true,
    separator: spec.separator ?? ',',
    integer: spec.integer === true,
    hidden: spec.hidden === true,
    negatable: spec.type === 'boolean' && spec.negatable !== false,
    secret: spec.secret === true,
    dynamic: spec.complete !== undefined,
    refined: spec.schema !== undefined,
  };
  // `env: false` opts out of the prefix: the option is read from no variable at all.
  const env =
    spec.env === false
      ? undefined
      : (spec.env ?? (envPrefix === undefined ? undefined : `${envPrefix}_${toScreamingSnake(key)}`));
  if (spec.description !== undefined) option.description = spec.description;
  if (spec.default !== undefined) option.default = copyScalar(spec.default);
  if (spec.short !== undefined) option.short = spec.short;
  if (env !== undefined) option.env = env;
  if (spec.choices !== undefined) option.choices = [...spec.choices];
  if (spec.minimum !== undefined) option.minimum = spec.minimum;
  if (spec.maximum !== undefined) option.maximum = spec.maximum;
  if (spec.placeholder !== undefined) option.placeholder = spec.placeholder;
  if (spec.deprecated !== undefined) option.deprecated = spec.deprecated;
  if (spec.prompt !== undefined)
    option.prompt = { message: spec.prompt.message, kind: spec.prompt.kind ?? inferPromptKind(spec) };
  return option;
}

function buildArgument(spec: ArgumentSpec): ManifestArgument {
  const argument: ManifestArgument = {
    name: spec.name,
    type: spec.type ?? 'string',
    required: spec.required !== false && spec.default === undefined,
    variadic: spec.variadic === true,
  };
  if (spec.description !== undefined) argument.description = spec.description;
  if (spec.choices !== undefined) argument.choices = [...spec.choices];
  // A variadic argument's value is a list, whatever its default was written as (as for `multiple`).
  if (spec.default !== undefined)
    argument.default =
      typeof spec.default === 'object' ? [...spec.default] : spec.variadic === true ? [spec.default] : spec.default;
  return argument;
}

const copyScalar = (value: Scalar | readonly Scalar[]): Scalar | Scalar[] =>
  Array.isArray(value) ? [...(value as readonly Scalar[])] : (value as Scalar);
