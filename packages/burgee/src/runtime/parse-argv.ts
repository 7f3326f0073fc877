import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { toUsageSummary } from '../projections/human/index.js';
import { UsageError } from './errors.js';
import { commandLine, optionEnd, suggest } from './suggest.js';

/** Flags burgee reads on every command, whatever the command declares. */
export type Globals = {
  json: boolean;
  help: boolean;
  schema: boolean;
  field?: string;
  budget?: string;
  mcp: boolean;
  version: boolean;
  explain?: string;
  configPath?: string;
  noConfig: boolean;
  /** `--http`, `--token`, `--allow-origin` (repeatable), `--max-body`: MCP over HTTP, valid with `--mcp` only. */
  http?: string;
  token?: string;
  allowOrigin?: string[];
  maxBody?: string;
};

/** A flag as typed: booleans already decided, everything else still text. */
export type RawFlag = { option: ManifestOption; token: string } & (
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; values: string[] }
);

export type ParsedArgv = {
  command: ManifestCommand;
  globals: Globals;
  flags: Map<string, RawFlag>;
  positionals: string[];
  passthrough: string[];
};

/** True when the caller asked for the envelope: `--json` (or `--format json`) anywhere before `--` (DESIGN E2). */
export function wantsJson(argv: readonly string[], command?: ManifestCommand): boolean {
  const end = argv.indexOf('--');
  const words = end === -1 ? argv : argv.slice(0, end);
  const declares = (key: string) => command?.options.some((o) => o.key === key) === true;
  return words.some((word, i) => {
    if (word === '--json') return true;
    for (const key of ['format', 'output']) {
      if (declares(key)) continue;
      if (word === `--${key}=json` || (word === `--${key}` && words[i + 1] === 'json')) return true;
    }
    return false;
  });
}

const VALUE_GLOBALS = [
  '--field',
  '--budget',
  '--explain',
  '--http',
  '--token',
  '--allow-origin',
  '--max-body',
] as const;

/** Splits argv into the command it names, global flags, the command's flags and positionals (DESIGN P4). */
export function parseArgv(manifest: Manifest, argv: readonly string[]): ParsedArgv {
  const { command, pathIndexes } = resolveCommand(manifest, argv);
  const state: ParsedArgv = {
    command,
    globals: {
      json: wantsJson(argv, command),
      help: false,
      schema: false,
      mcp: false,
      version: false,
      noConfig: false,
    },
    flags: new Map(),
    positionals: [],
    passthrough: [],
  };
  const unknown: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (pathIndexes.has(i)) continue;
    const word = argv[i]!;
    if (word === '--') {
      state.passthrough = argv.slice(i + 1);
      break;
    }
    if (word.startsWith('--')) i = readLong(manifest, argv, i, state, unknown);
    else if (word.startsWith('-') && word.length > 1 && !/^-\d/.test(word)) i = readShort(argv, i, state, unknown);
    else state.positionals.push(word);
  }
  if (unknown.length > 0) throw unknownFlagError(manifest, argv, command, unknown[0]!);
  return state;
}

function resolveCommand(
  manifest: Manifest,
  argv: readonly string[],
): { command: ManifestCommand; pathIndexes: Set<number> } {
  let node = manifest.root;
  const pathIndexes = new Set<number>();
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      if ((VALUE_GLOBALS as readonly string[]).includes(word) || (word === '--config' && manifest.config)) i++;
      continue;
    }
    const visible = node.commands;
    if (visible.length === 0) break;
    const child = visible.find((c) => c.name === word);
    if (child === undefined) {
      if (node.runnable) break;
      throw unknownCommandError(manifest, argv, node, i);
    }
    node = child;
    pathIndexes.add(i);
  }
  return { command: node, pathIndexes };
}

function readLong(
  manifest: Manifest,
  argv: readonly string[],
  i: number,
  state: ParsedArgv,
  unknown: string[],
): number {
  const word = argv[i]!;
  const eq = word.indexOf('=');
  const name = eq === -1 ? word : word.slice(0, eq);
  const inline = eq === -1 ? undefined : word.slice(eq + 1);
  const command = state.command;
  const option = command.options.find((o) => o.flag === name);
  if (option !== undefined) return readOptionValue(argv, i, state, option, name, inline);
  const negated = name.startsWith('--no-')
    ? command.options.find((o) => o.negatable && o.flag === `--${name.slice(5)}`)
    : undefined;
  if (negated !== undefined && inline === undefined) {
    state.flags.set(negated.key, { option: negated, token: name, kind: 'boolean', value: false });
    return i;
  }
  return readGlobal(manifest, argv, i, state, name, inline, unknown);
}

function readGlobal(
  manifest: Manifest,
  argv: readonly string[],
  i: number,
  state: ParsedArgv,
  name: string,
  inline: string | undefined,
  unknown: string[],
): number {
  const g = state.globals;
  const takeValue = (): [string | undefined, number] => {
    if (inline !== undefined) return [inline, i];
    const next = argv[i + 1];
    return next === undefined || next.startsWith('--') ? [undefined, i] : [next, i + 1];
  };
  const flagOnly: Record<string, keyof Globals> = {
    '--json': 'json',
    '--help': 'help',
    '--schema': 'schema',
    '--mcp': 'mcp',
    '--version': 'version',
  };
  const key = flagOnly[name];
  if (key !== undefined && inline === undefined) {
    (g as Record<string, unknown>)[key] = true;
    return i;
  }
  if (name === '--no-config' && manifest.config) {
    g.noConfig = true;
    return i;
  }
  const valued: Record<string, 'field' | 'budget' | 'explain' | 'configPath' | 'http' | 'token' | 'maxBody'> = {
    '--field': 'field',
    '--budget': 'budget',
    '--explain': 'explain',
    '--http': 'http',
    '--token': 'token',
    '--max-body': 'maxBody',
  };
  if (manifest.config) valued['--config'] = 'configPath';
  if (name === '--format' || name === '--output') {
    const [value, next] = takeValue();
    if (value === 'json') return next;
  }
  if (name === '--allow-origin') {
    const [value, next] = takeValue();
    if (value === undefined) throw new UsageError(`${name} needs a value`, { hint: `write ${name} <origin>` });
    g.allowOrigin = [...(g.allowOrigin ?? []), value];
    return next;
  }
  const target = valued[name];
  if (target === undefined) {
    unknown.push(name);
    return i;
  }
  const [value, next] = takeValue();
  if (value === undefined) throw new UsageError(`${name} needs a value`, { hint: `write ${name} <value>` });
  g[target] = value;
  return next;
}

function readShort(argv: readonly string[], i: number, state: ParsedArgv, unknown: string[]): number {
  const letters = argv[i]!.slice(1);
  for (let j = 0; j < letters.length; j++) {
    const letter = letters[j]!;
    const option = state.command.options.find((o) => o.short === letter);
    if (option === undefined) {
      if (letter === 'h') state.globals.help = true;
      else unknown.push(`-${letter}`);
      continue;
    }
    if (option.type === 'boolean') {
      state.flags.set(option.key, { option, token: `-${letter}`, kind: 'boolean', value: true });
      continue;
    }
    const rest = letters.slice(j + 1);
    return readOptionValue(argv, i, state, option, `-${letter}`, rest === '' ? undefined : rest);
  }
  return i;
}

function readOptionValue(
  argv: readonly string[],
  i: number,
  state: ParsedArgv,
  option: ManifestOption,
  token: string,
  inline: string | undefined,
): number {
  if (option.type === 'boolean') {
    if (inline === undefined) {
      state.flags.set(option.key, { option, token, kind: 'boolean', value: true });
      return i;
    }
    const value = readBoolean(inline);
    if (value === undefined)
      throw new UsageError(`${token} expects true or false, got ${JSON.stringify(inline)}`, {
        hint: `write ${option.flag} or --no-${option.flag.slice(2)}`,
      });
    state.flags.set(option.key, { option, token, kind: 'boolean', value });
    return i;
  }
  let value = inline;
  let next = i;
  if (value === undefined) {
    const candidate = argv[i + 1];
    if (candidate !== undefined && !candidate.startsWith('--')) {
      value = candidate;
      next = i + 1;
    }
  }
  if (value === undefined) {
    throw new UsageError(`${token} needs a value`, { hint: `write ${option.flag} <${option.placeholder ?? 'value'}>` });
  }
  const previous = state.flags.get(option.key);
  const pieces = option.multiple ? value.split(option.separator) : [value];
  const values = option.multiple && previous?.kind === 'text' ? [...previous.values, ...pieces] : pieces;
  state.flags.set(option.key, { option, token, kind: 'text', values });
  return next;
}

/** Reads the spellings of a boolean that flags and environment variables accept (DESIGN P2). */
export function readBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (['1', 'true', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'no'].includes(lower)) return false;
  return undefined;
}

function unknownFlagError(
  manifest: Manifest,
  argv: readonly string[],
  command: ManifestCommand,
  flag: string,
): UsageError {
  const where = [manifest.name, ...command.path].join(' ');
  const known = command.options
    .filter((o) => !o.hidden)
    .flatMap((o) => [o.flag, ...(o.negatable ? [`--no-${o.flag.slice(2)}`] : [])]);
  const globals = [
    '--json',
    '--help',
    '--schema',
    '--explain',
    ...(manifest.config ? ['--config', '--no-config'] : []),
  ];
  const matches = flag.startsWith('--') ? suggest(flag, [...known, ...globals]) : [];
  const details: { hint: string; fix?: string } = {
    hint: matches.length > 0 ? `did you mean ${matches.join(' or ')}?` : `run ${where} --help to see its options`,
  };
  if (matches.length === 1) {
    // Words after `--` are passthrough: they are not options, so they are never corrected.
    const end = optionEnd(argv);
    const replaced = argv.map((w, i) =>
      i >= end ? w : w === flag ? matches[0]! : w.startsWith(`${flag}=`) ? `${matches[0]}${w.slice(flag.length)}` : w,
    );
    details.fix = commandLine([manifest.name, ...replaced]);
  }
  return new UsageError(`unknown option ${flag} for ${where}`, {
    ...details,
    usage: toUsageSummary(manifest, command),
  });
}

function unknownCommandError(
  manifest: Manifest,
  argv: readonly string[],
  group: ManifestCommand,
  index: number,
): UsageError {
  const word = argv[index]!;
  const where = [manifest.name, ...group.path].join(' ');
  const names = group.commands.filter((c) => !c.hidden).map((c) => c.name);
  const matches = suggest(word, names);
  const details: { hint: string; fix?: string } = {
    hint: matches.length > 0 ? `did you mean ${matches.join(' or ')}?` : `${where} has: ${names.join(', ')}`,
  };
  if (matches.length === 1)
    details.fix = commandLine([manifest.name, ...argv.map((w, i) => (i === index ? matches[0]! : w))]);
  return new UsageError(`unknown command "${word}" for ${where}`, {
    ...details,
    usage: toUsageSummary(manifest, group),
  });
}
