import { basename, extname } from 'node:path';
import type { Argument, Command, Option } from 'commander';
import { SURFACE_FLAGS } from '../../host/surfaces.js';
import { EFFECTS } from '../../host/take-run.js';
import { DEFAULT_SCHEMA_BUDGET } from '../../manifest/budgets.js';
import { toKebab } from '../../manifest/names.js';
import type { Manifest, ManifestArgument, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { declaredEffects } from '../declared-effects.js';
import { scalarDefault } from '../host-values.js';
import { foldedType, foldsValues } from './repeatable.js';

/** What commander keeps on a command without a public reader; the same in its 13 to 15 releases. */
type Internals = {
  _hidden?: boolean;
  _actionHandler?: unknown;
  _executableHandler?: boolean;
  _versionOptionName?: string;
  _scriptPath?: string | null;
  _enablePositionalOptions?: boolean;
  _passThroughOptions?: boolean;
  [EFFECTS]?: unknown;
};
const internals = (command: Command): Internals => command as unknown as Internals;

/** Reads a commander program's command tree into burgee's manifest, so every projection works unchanged (F1). */
export function toCommanderManifest(program: Command, scriptPath: string | undefined): Manifest {
  const name = program.name() !== '' ? program.name() : nameFromScript(scriptPath);
  const root = readCommand(program, [], []);
  root.name = name;
  const manifest: Manifest = { name, config: false, schemaBudget: DEFAULT_SCHEMA_BUDGET, root };
  const version = program.version();
  if (version !== undefined) manifest.version = version;
  const description = text(program.description());
  if (description !== undefined) manifest.description = description;
  const shadows = commanderShadows(program);
  if (shadows.length > 0) manifest.shadows = shadows;
  return manifest;
}

/** The surface flags a program declares itself anywhere in its tree: they stay the program's (F3). */
export function commanderShadows(program: Command): string[] {
  const declared = new Set<string>();
  const visit = (command: Command): void => {
    for (const option of command.options) if (option.long !== undefined) declared.add(option.long);
    for (const child of command.commands) visit(child);
  };
  visit(program);
  return SURFACE_FLAGS.filter((flag) => declared.has(flag));
}

/** As commander names an unnamed program: the script's file name without its extension. */
const nameFromScript = (scriptPath: string | undefined): string =>
  scriptPath === undefined || scriptPath === '' ? 'program' : basename(scriptPath, extname(scriptPath));

/**
 * True when commander reads `command`'s options wherever they stand on the line, after its
 * subcommands too (its default): with positional options or pass-through, they end at the subcommand.
 */
function passesOptionsDown(command: Command): boolean {
  const own = internals(command);
  return own._enablePositionalOptions !== true && own._passThroughOptions !== true;
}

/** The commands whose options a run of `command` may set: itself, then each ancestor that reads its own after it. */
export function optionOwners(command: Command): Command[] {
  const owners = [command];
  for (let above = command.parent; above != null; above = above.parent)
    if (passesOptionsDown(above)) owners.push(above);
  return owners;
}

/**
 * `inherited`: the options of the ancestors that read theirs after this command's name, which a
 * caller of this command may therefore give (commander's "global" options). Its own come first; an
 * ancestor's whose name, flag or letter it takes too is left out.
 */
function readCommand(command: Command, path: string[], inherited: readonly ManifestOption[]): ManifestCommand {
  const own = internals(command);
  // A root with neither an action nor subcommands does its work after parse(): it runs as a process.
  const byProcess = path.length === 0 && own._actionHandler == null && command.commands.length === 0;
  const runnable = own._actionHandler != null || own._executableHandler === true || byProcess;
  const options = readOptions(command);
  const wider = inherited.filter((option) => !options.some((mine) => clashes(mine, option)));
  const down = passesOptionsDown(command) ? [...wider, ...options] : wider;
  const node: ManifestCommand = {
    path,
    name: command.name(),
    runnable,
    hidden: own._hidden === true,
    options: [...options, ...wider],
    arguments: command.registeredArguments.map(readArgument),
    examples: [],
    commands: command.commands.map((child) => readCommand(child, [...path, child.name()], down)),
  };
  const description = text(command.description());
  if (description !== undefined) node.description = description;
  const summary = text(command.summary());
  if (summary !== undefined) node.summary = summary;
  if (runnable) node.effects = declaredEffects(own[EFFECTS], path);
  if (byProcess) node.process = true;
  return node;
}

/** Two options one command line could not tell apart: the same key, long flag or letter. */
const clashes = (a: ManifestOption, b: ManifestOption): boolean =>
  a.key === b.key || a.flag === b.flag || (a.short !== undefined && a.short === b.short);

/**
 * One manifest option per attribute: `--cheese` and `--no-cheese` are one negatable boolean, named
 * by `--cheese`; a lone `--no-cheese` is published as declared, an option it turns off.
 */
function readOptions(command: Command): ManifestOption[] {
  const byKey = new Map<string, ManifestOption>();
  const version = internals(command)._versionOptionName;
  for (const option of command.options) {
    const key = option.attributeName();
    if (key === version) continue;
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, readOption(option, key));
    else if (option.negate) known.negatable = true;
    // `--no-cheese` came first: `--cheese` names the option, whose default stays the one first read.
    else if (known.negates === true) byKey.set(key, { ...readOption(option, key), negatable: true, default: true });
  }
  return [...byKey.values()];
}

function readOption(option: Option, key: string): ManifestOption {
  // A flag without a value whose parser folds a number (`(_, n) => n + 1` from 0) counts its uses.
  const count =
    option.isBoolean() && !option.negate && option.parseArg !== undefined && typeof option.defaultValue === 'number';
  // commander counts a `--no-x` apart from its booleans; it is one all the same.
  const boolean = (option.isBoolean() || option.negate) && !count;
  const numberParser = numberParsers.has(option.parseArg as unknown);
  const multiple = foldsValues(option, numberParser);
  const type = boolean
    ? 'boolean'
    : multiple && !option.variadic
      ? foldedType(option)
      : count || numberParser || typeof option.defaultValue === 'number'
        ? 'number'
        : 'string';
  const read: ManifestOption = {
    key,
    flag: option.negate ? (option.long ?? `--no-${toKebab(key)}`) : `--${toKebab(key)}`,
    type,
    required: option.mandatory,
    multiple,
    integer: count || option.parseArg === (parseInt as unknown),
    hidden: option.hidden,
    negatable: false,
    ...(option.negate ? { negates: true as const } : {}),
    ...(count ? { count: true as const } : {}),
    ...(option.optional ? { valueOptional: true as const } : {}),
    secret: false,
    dynamic: false,
    refined: false,
  };
  const description = text(option.description);
  if (description !== undefined) read.description = description;
  // A lone `--no-x` makes x true until it is typed.
  const fallback = option.negate && option.defaultValue === undefined ? true : scalarDefault(option.defaultValue);
  // A list is no value of an option that takes one (a parser that splits a word): it is left unsaid.
  if (fallback !== undefined && (multiple || !Array.isArray(fallback))) read.default = fallback;
  const short = option.short?.replace(/^-/, '');
  if (short !== undefined && short.length === 1) read.short = short;
  if (option.envVar !== undefined) read.env = option.envVar;
  if (option.argChoices !== undefined) read.choices = [...option.argChoices];
  return read;
}

const numberParsers = new Set<unknown>([parseInt, parseFloat, Number, Number.parseInt, Number.parseFloat]);

function readArgument(argument: Argument): ManifestArgument {
  // A number parser (`.argument('<n>', 'how many', Number)`) makes it a number, as for options (D4).
  const type = numberParsers.has(argument.parseArg as unknown) ? 'number' : 'string';
  const read: ManifestArgument = {
    name: argument.name(),
    type,
    required: argument.required,
    variadic: argument.variadic,
  };
  const description = text(argument.description);
  if (description !== undefined) read.description = description;
  if (argument.argChoices !== undefined) read.choices = [...argument.argChoices];
  const fallback: unknown = argument.defaultValue;
  if (typeof fallback === type) read.default = fallback as string | number;
  else if (Array.isArray(fallback) && fallback.every((v) => typeof v === type)) read.default = [...fallback];
  return read;
}

const text = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;
