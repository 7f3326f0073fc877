import { reservedKeys } from '../manifest/globals.js';
import { isCamelCase, toKebab } from '../manifest/names.js';
import { isEffects, isTaskSupport } from '../manifest/types.js';
import { checkPrompt } from './check-prompt.js';
import { checkSettingsProblems } from './check-settings.js';
import type { ArgumentSpec, LooseCommandDefinition, OptionSpec } from './types.js';

/** Option keys burgee owns on every native command (D5), from the table of global flags. */
export const RESERVED_OPTIONS: readonly string[] = Object.freeze(reservedKeys({ config: false }));

const COMMAND_NAME = /^[a-z0-9][a-z0-9-]*$/;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Returns every problem of one command declaration, each a full sentence with its remedy. Written to
 * allocate nothing on a sound declaration (messages are built only once a rule fails): a program
 * declared in a loop runs this a thousand times at every start, in code not yet compiled (N1).
 */
export function checkCommand(def: LooseCommandDefinition, path: readonly string[]): string[] {
  const where = new Where(path, def.name);
  const problems: string[] = [];
  if (typeof def.name !== 'string' || !COMMAND_NAME.test(def.name)) {
    problems.push(
      `${where} has an invalid name; use lower-case letters, digits and dashes, starting with a letter or digit`,
    );
  }
  const toolName = path.length === 0 && typeof def.name === 'string' ? def.name : [...path, def.name].join('_');
  if (!TOOL_NAME.test(toolName)) {
    problems.push(
      `${where} becomes the MCP tool name "${toolName}", which must match [A-Za-z0-9_.-]{1,128}; shorten the command path`,
    );
  }
  checkRunnable(def, where, problems);
  if (def.commands !== undefined && def.commands.length > 1) checkChildren(def, where, problems);
  if (def.options !== undefined) checkOptions(def.options, where, problems);
  if (def.arguments !== undefined && def.arguments.length > 0) checkArguments(def.arguments, where, problems);
  if (def.fields !== undefined) checkFields(def.fields, where, problems);
  if (def.check !== undefined) problems.push(...checkSettingsProblems(def.check, String(where)));
  for (const arg of def.arguments ?? []) {
    if (def.options !== undefined && Object.hasOwn(def.options, arg.name)) {
      problems.push(
        `${where} has an argument and an option both named "${arg.name}"; the MCP input would collide, rename one`,
      );
    }
  }
  return problems;
}

/** `command "group deploy"`, spelled out only when a message needs it. */
class Where {
  constructor(
    private readonly path: readonly string[],
    private readonly name: unknown,
  ) {}
  toString(): string {
    return `command "${[...this.path, this.name].join(' ')}"`;
  }
}

function checkRunnable(def: LooseCommandDefinition, where: Where, problems: string[]): void {
  const runnable = def.run !== undefined || def.load !== undefined;
  if (def.run !== undefined && def.load !== undefined) {
    problems.push(`${where} declares both run and load; keep run for an inline handler or load for a lazy one`);
  } else if (!runnable) {
    if ((def.commands ?? []).length === 0)
      problems.push(`${where} has no run, no load and no subcommands; give it a handler or subcommands`);
    if (def.task !== undefined)
      problems.push(`${where} declares task but runs nothing; declare it on the subcommand that does the long work`);
  } else if (def.effects === undefined) {
    problems.push(
      `${where} is runnable and declares no effects; declare read_only, idempotent, non_idempotent — or withheld, which serves it to people and keeps it out of the MCP tool list`,
    );
  } else if (!isEffects(def.effects)) {
    problems.push(
      `${where} declares effects "${String(def.effects)}"; declare read_only, idempotent, non_idempotent — or withheld, which serves it to people and keeps it out of the MCP tool list`,
    );
  }
  if (runnable && def.task !== undefined && !isTaskSupport(def.task))
    problems.push(
      `${where} declares task "${String(def.task)}"; declare task: 'optional' (a caller may run it as a task) or 'required' (only as a task)`,
    );
}

function checkFields(fields: unknown, where: Where, problems: string[]): void {
  const names: unknown[] = Array.isArray(fields) ? fields : [];
  if (names.length === 0 || !names.every((f) => typeof f === 'string' && f !== '')) {
    problems.push(`${where} has fields that are not a list of column names; write fields: ['name', 'status']`);
    return;
  }
  const twice = names.find((f, i) => names.indexOf(f) !== i);
  if (twice !== undefined) problems.push(`${where} lists the field "${twice}" twice; name each column once`);
}

function checkChildren(def: LooseCommandDefinition, where: Where, problems: string[]): void {
  const seen = new Set<string>();
  for (const child of def.commands ?? []) {
    if (seen.has(child.name)) problems.push(`${where} has two subcommands named "${child.name}"; rename one`);
    seen.add(child.name);
  }
}

/** `command "deploy" option "target"`, spelled out only when a message needs it. */
class At {
  constructor(
    private readonly where: Where,
    private readonly kind: string,
    private readonly name: string,
  ) {}
  toString(): string {
    return `${this.where} ${this.kind} "${this.name}"`;
  }
}

const UPPER = /[A-Z]/;
const flagOf = (key: string): string => (UPPER.test(key) ? toKebab(key) : key);

function checkOptions(options: Readonly<Record<string, OptionSpec>>, where: Where, problems: string[]): void {
  // Flags and shorts already claimed, each mapped to the key that holds it.
  const flags = new Map<string, string>();
  let shorts: Map<string, string> | undefined;
  for (const key of Object.keys(options)) {
    const spec = options[key]!;
    const at = new At(where, 'option', key);
    if (!isCamelCase(key)) problems.push(`${at} is not camelCase; name it like "dryRun" (the flag becomes --dry-run)`);
    if (RESERVED_OPTIONS.includes(key)) problems.push(reservedProblem(String(at), key));
    const flag = flagOf(key);
    claim(flags, flag, key, where, problems);
    if (spec.type === 'boolean' && spec.negatable !== false) claim(flags, `no-${flag}`, key, where, problems);
    if (spec.short !== undefined) {
      if (!/^[a-zA-Z]$/.test(spec.short)) problems.push(`${at} has short "${spec.short}"; a short flag is one letter`);
      shorts ??= new Map();
      const holder = shorts.get(spec.short);
      if (holder !== undefined)
        problems.push(`${where}: options "${holder}" and "${key}" both use -${spec.short}; change one short`);
      shorts.set(spec.short, key);
    }
    checkOptionSpec(spec, at, problems);
  }
}

function claim(flags: Map<string, string>, flag: string, key: string, where: Where, problems: string[]): void {
  const holder = flags.get(flag);
  if (holder !== undefined && holder !== key)
    problems.push(`${where}: options "${holder}" and "${key}" both use --${flag}; rename one`);
  else flags.set(flag, key);
}

/** The D5 refusal of a declared option named like one of burgee's own flags. */
export const reservedProblem = (at: string, key: string): string =>
  `${at} is reserved: burgee provides --${toKebab(key)} on every command; choose another name`;

const OPTION_TYPES: readonly unknown[] = ['string', 'number', 'boolean'];
const NUMBER_FIELDS = ['minimum', 'maximum', 'integer'] as const;

function checkOptionSpec(spec: OptionSpec, at: At, problems: string[]): void {
  if (!OPTION_TYPES.includes(spec.type)) {
    problems.push(`${at} has type "${String(spec.type)}"; use string, number or boolean`);
    return;
  }
  if (spec.type !== 'number') {
    for (const field of NUMBER_FIELDS) {
      if (spec[field] !== undefined)
        problems.push(`${at} declares ${field} but is a ${spec.type}; use type "number" or drop ${field}`);
    }
  }
  if (spec.choices !== undefined) checkChoices(spec, at, problems);
  if (spec.default !== undefined) checkDefault(spec, at, problems);
  if (spec.env !== undefined && spec.env !== false && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(String(spec.env)))
    problems.push(`${at} has env "${spec.env}"; use letters, digits and underscores, or false for none`);
  if (spec.prompt !== undefined) problems.push(...checkPrompt(spec, String(at)));
}

function checkChoices(spec: OptionSpec, at: At, problems: string[]): void {
  // No value could pass, and the schema would publish an enum no validator accepts (S1).
  if (spec.choices?.length === 0) problems.push(`${at} has no choices; list at least one or drop choices`);
  for (const choice of spec.choices ?? []) {
    if (typeof choice !== spec.type)
      problems.push(
        `${at} has choice ${JSON.stringify(choice)} which is not a ${spec.type}; make every choice a ${spec.type}`,
      );
  }
  if (spec.type === 'boolean') problems.push(`${at} is a boolean with choices; drop choices`);
}

function checkDefault(spec: OptionSpec, at: At, problems: string[]): void {
  const many = Array.isArray(spec.default);
  if (many && spec.multiple !== true)
    problems.push(`${at} has an array default but is not multiple; set multiple: true or give one value`);
  for (const value of many ? (spec.default as readonly unknown[]) : [spec.default]) {
    if (typeof value !== spec.type)
      problems.push(`${at} has default ${JSON.stringify(value)} which is not a ${spec.type}`);
    else if (spec.choices !== undefined && !(spec.choices as readonly unknown[]).includes(value))
      problems.push(`${at} has default ${JSON.stringify(value)} outside its choices`);
  }
  if (spec.required === true) problems.push(`${at} is required and has a default; drop one`);
}

function checkArguments(args: readonly ArgumentSpec[], where: Where, problems: string[]): void {
  const names = new Set<string>();
  let optionalSeen = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const at = new At(where, 'argument', arg.name);
    if (!isCamelCase(arg.name)) problems.push(`${at} is not camelCase; name it like "sourceFile"`);
    if (names.has(arg.name)) problems.push(`${at} is declared twice; rename one`);
    names.add(arg.name);
    const optional = arg.required === false || arg.default !== undefined;
    if (!optional && optionalSeen)
      problems.push(`${at} is required but follows an optional argument; put required arguments first`);
    if (optional) optionalSeen = true;
    if (arg.variadic === true && index !== args.length - 1)
      problems.push(`${at} is variadic but not last; only the last argument may be variadic`);
    if (
      arg.type !== undefined ||
      arg.choices !== undefined ||
      (arg.default !== undefined && typeof arg.default !== 'string')
    )
      checkArgumentValues(arg, at, problems);
  }
}

const ARGUMENT_TYPES: readonly unknown[] = ['string', 'number'];
const NONE: readonly never[] = [];

/** An argument's type, choices and default agree, as an option's must (D4, D5). */
function checkArgumentValues(arg: ArgumentSpec, at: At, problems: string[]): void {
  const type: unknown = arg.type ?? 'string';
  if (!ARGUMENT_TYPES.includes(type)) {
    const hint = type === 'boolean' ? '; a yes/no is an option' : '';
    problems.push(`${at} has type "${String(type)}"; use string or number${hint}`);
    return;
  }
  if (arg.choices !== undefined && arg.choices.length === 0)
    problems.push(`${at} has no choices; list at least one or drop choices`);
  for (const choice of arg.choices ?? NONE) {
    if (typeof choice !== type)
      problems.push(`${at} has choice ${JSON.stringify(choice)} which is not a ${type}; make every choice a ${type}`);
  }
  if (arg.default === undefined) return;
  const many = Array.isArray(arg.default);
  if (many && arg.variadic !== true)
    problems.push(`${at} has an array default but is not variadic; set variadic: true or give one value`);
  for (const value of many ? (arg.default as readonly unknown[]) : [arg.default]) {
    if (typeof value !== type) problems.push(`${at} has default ${JSON.stringify(value)} which is not a ${type}`);
    else if (arg.choices !== undefined && !(arg.choices as readonly unknown[]).includes(value))
      problems.push(`${at} has default ${JSON.stringify(value)} outside its choices`);
  }
}
