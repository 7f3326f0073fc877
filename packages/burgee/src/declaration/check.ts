import { reservedKeys } from '../manifest/globals.js';
import { isCamelCase, toKebab } from '../manifest/names.js';
import { isEffects } from '../manifest/types.js';
import type { ArgumentSpec, CommandDefinition, OptionSpec } from './types.js';

/** Option keys burgee owns on every native command (D5), from the table of global flags. */
export const RESERVED_OPTIONS: readonly string[] = Object.freeze(reservedKeys({ config: false }));

const COMMAND_NAME = /^[a-z0-9][a-z0-9-]*$/;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Returns every problem of one command declaration, each a full sentence with its remedy. */
export function checkCommand(def: CommandDefinition, path: readonly string[]): string[] {
  const where = `command "${[...path, def.name].join(' ')}"`;
  const problems: string[] = [];
  if (typeof def.name !== 'string' || !COMMAND_NAME.test(def.name)) {
    problems.push(
      `${where} has an invalid name; use lower-case letters, digits and dashes, starting with a letter or digit`,
    );
  }
  const toolName = [...path, def.name].join('_');
  if (!TOOL_NAME.test(toolName)) {
    problems.push(
      `${where} becomes the MCP tool name "${toolName}", which must match [A-Za-z0-9_.-]{1,128}; shorten the command path`,
    );
  }
  problems.push(...checkRunnable(def, where), ...checkChildren(def, where));
  problems.push(...checkOptions(def.options ?? {}, where));
  problems.push(...checkArguments(def.arguments ?? [], where));
  for (const arg of def.arguments ?? []) {
    if (Object.hasOwn(def.options ?? {}, arg.name)) {
      problems.push(
        `${where} has an argument and an option both named "${arg.name}"; the MCP input would collide, rename one`,
      );
    }
  }
  return problems;
}

function checkRunnable(def: CommandDefinition, where: string): string[] {
  const runnable = def.run !== undefined || def.load !== undefined;
  if (def.run !== undefined && def.load !== undefined) {
    return [`${where} declares both run and load; keep run for an inline handler or load for a lazy one`];
  }
  if (!runnable) {
    if ((def.commands ?? []).length === 0)
      return [`${where} has no run, no load and no subcommands; give it a handler or subcommands`];
    return [];
  }
  if (def.effects === undefined) {
    return [
      `${where} is runnable and declares no effects; declare read_only, idempotent, non_idempotent — or withheld, which serves it to people and keeps it out of the MCP tool list`,
    ];
  }
  if (!isEffects(def.effects)) {
    return [
      `${where} declares effects "${String(def.effects)}"; declare read_only, idempotent, non_idempotent — or withheld, which serves it to people and keeps it out of the MCP tool list`,
    ];
  }
  return [];
}

function checkChildren(def: CommandDefinition, where: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const child of def.commands ?? []) {
    if (seen.has(child.name)) problems.push(`${where} has two subcommands named "${child.name}"; rename one`);
    seen.add(child.name);
  }
  return problems;
}

function checkOptions(options: Readonly<Record<string, OptionSpec>>, where: string): string[] {
  const problems: string[] = [];
  const flags = new Map<string, string>();
  const shorts = new Map<string, string>();
  const claim = (flag: string, key: string): void => {
    const holder = flags.get(flag);
    if (holder !== undefined && holder !== key)
      problems.push(`${where}: options "${holder}" and "${key}" both use ${flag}; rename one`);
    else flags.set(flag, key);
  };
  for (const [key, spec] of Object.entries(options)) {
    const at = `${where} option "${key}"`;
    if (!isCamelCase(key)) problems.push(`${at} is not camelCase; name it like "dryRun" (the flag becomes --dry-run)`);
    if (RESERVED_OPTIONS.includes(key)) problems.push(reservedProblem(at, key));
    claim(`--${toKebab(key)}`, key);
    if (spec.type === 'boolean' && spec.negatable !== false) claim(`--no-${toKebab(key)}`, key);
    if (spec.short !== undefined) {
      if (!/^[a-zA-Z]$/.test(spec.short)) problems.push(`${at} has short "${spec.short}"; a short flag is one letter`);
      const holder = shorts.get(spec.short);
      if (holder !== undefined)
        problems.push(`${where}: options "${holder}" and "${key}" both use -${spec.short}; change one short`);
      shorts.set(spec.short, key);
    }
    problems.push(...checkOptionSpec(spec, at));
  }
  return problems;
}

/** The D5 refusal of a declared option named like one of burgee's own flags. */
export const reservedProblem = (at: string, key: string): string =>
  `${at} is reserved: burgee provides --${toKebab(key)} on every command; choose another name`;

function checkOptionSpec(spec: OptionSpec, at: string): string[] {
  const problems: string[] = [];
  if (!['string', 'number', 'boolean'].includes(spec.type)) {
    problems.push(`${at} has type "${String(spec.type)}"; use string, number or boolean`);
    return problems;
  }
  if (spec.type !== 'number') {
    for (const field of ['minimum', 'maximum', 'integer'] as const) {
      if (spec[field] !== undefined)
        problems.push(`${at} declares ${field} but is a ${spec.type}; use type "number" or drop ${field}`);
    }
  }
  for (const choice of spec.choices ?? []) {
    if (typeof choice !== spec.type)
      problems.push(
        `${at} has choice ${JSON.stringify(choice)} which is not a ${spec.type}; make every choice a ${spec.type}`,
      );
  }
  if (spec.type === 'boolean' && spec.choices !== undefined)
    problems.push(`${at} is a boolean with choices; drop choices`);
  const defaults = spec.default === undefined ? [] : Array.isArray(spec.default) ? spec.default : [spec.default];
  if (Array.isArray(spec.default) && spec.multiple !== true)
    problems.push(`${at} has an array default but is not multiple; set multiple: true or give one value`);
  for (const value of defaults) {
    if (typeof value !== spec.type)
      problems.push(`${at} has default ${JSON.stringify(value)} which is not a ${spec.type}`);
    else if (spec.choices !== undefined && !spec.choices.includes(value))
      problems.push(`${at} has default ${JSON.stringify(value)} outside its choices`);
  }
  if (spec.required === true && spec.default !== undefined)
    problems.push(`${at} is required and has a default; drop one`);
  if (typeof spec.env === 'string' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(spec.env))
    problems.push(`${at} has env "${spec.env}"; use letters, digits and underscores`);
  return problems;
}

function checkArguments(args: readonly ArgumentSpec[], where: string): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  let optionalSeen = false;
  args.forEach((arg, index) => {
    const at = `${where} argument "${arg.name}"`;
    if (!isCamelCase(arg.name)) problems.push(`${at} is not camelCase; name it like "sourceFile"`);
    if (names.has(arg.name)) problems.push(`${at} is declared twice; rename one`);
    names.add(arg.name);
    const optional = arg.required === false || arg.default !== undefined;
    if (!optional && optionalSeen)
      problems.push(`${at} is required but follows an optional argument; put required arguments first`);
    if (optional) optionalSeen = true;
    if (arg.variadic === true && index !== args.length - 1)
      problems.push(`${at} is variadic but not last; only the last argument may be variadic`);
  });
  return problems;
}
