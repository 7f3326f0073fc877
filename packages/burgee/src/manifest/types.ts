import type { PromptKind } from 'caique';
import type { CheckRuleId } from './check-rules.js';
/**
 * The manifest: one plain, JSON-serialisable description of a program. Every projection
 * (help, envelope, schema, MCP, completions) is a function of this data alone.
 */

/** What running a command does to the world; decides MCP hints and whether agents see it. */
export const Effects = {
  readOnly: 'read_only',
  idempotent: 'idempotent',
  nonIdempotent: 'non_idempotent',
  withheld: 'withheld',
} as const;
export type Effects = (typeof Effects)[keyof typeof Effects];
/** Adapters may leave a command's effects undeclared; native declarations may not. */
export type ManifestEffects = Effects | 'undeclared';

const effectValues: readonly string[] = Object.values(Effects);
/** True when `value` is one of the declarable effects. */
export const isEffects = (value: unknown): value is Effects =>
  typeof value === 'string' && effectValues.includes(value);

/**
 * A command that may run long (B1): `optional`, a caller may run it as a task (MCP tasks, `--detach`)
 * or wait for it; `required`, only as a task.
 */
export type TaskSupport = 'optional' | 'required';

/** True when `value` is a declarable task support. */
export const isTaskSupport = (value: unknown): value is TaskSupport => value === 'optional' || value === 'required';

export type OptionType = 'string' | 'number' | 'boolean';
/** What a positional argument's words become: a yes/no is an option's job, so arguments have no boolean (D4). */
export type ArgumentType = 'string' | 'number';
/** One value of an argument, once its word is read as the argument's type. */
export type ArgumentValue = string | number;
export type Scalar = string | number | boolean;

export type ManifestOption = {
  /** camelCase key, as the handler reads it. */
  key: string;
  /** kebab-case flag with dashes: `--dry-run`. */
  flag: string;
  type: OptionType;
  description?: string;
  required: boolean;
  default?: Scalar | Scalar[];
  short?: string;
  /** Environment variable read for this option (declared, or derived from the program's envPrefix). */
  env?: string;
  /** True when `env` is set where the manifest is projected (manifest/environment.ts): it gives the value. */
  envSet?: true;
  choices?: Scalar[];
  multiple: boolean;
  /**
   * What a repeatable option's values are also split on (`--tag a,b`); absent where the values are
   * not split (a repeatable option of commander or yargs, whose parser keeps each value whole).
   */
  separator?: string;
  minimum?: number;
  maximum?: number;
  integer: boolean;
  placeholder?: string;
  hidden: boolean;
  deprecated?: string;
  negatable: boolean;
  /**
   * True when the flag turns the option off: a foreign program's lone `--no-x` (commander), which
   * is published as declared, typed gives false, and is true by default.
   */
  negates?: true;
  /** True when each time the flag is typed counts one (`-vvv` is 3): a foreign program's count (yargs `count`, commander's increasing flag). */
  count?: true;
  /**
   * True when the flag may be typed without its value (commander's `--colour [name]`): alone it
   * gives `true` (or the option's preset), with a value that text.
   */
  valueOptional?: true;
  secret: boolean;
  /** True when a `complete` function exists (completions call back into the program). */
  dynamic: boolean;
  /** True when a Standard Schema validator refines the value. */
  refined: boolean;
  /** Asked for when no layer gives a value and a person is there; else the run is refused (A6). */
  prompt?: { message: string; kind: PromptKind };
};

export type ManifestArgument = {
  name: string;
  /** What each word is read as; `'string'` unless declared. */
  type: ArgumentType;
  description?: string;
  required: boolean;
  variadic: boolean;
  /** The accepted values, of the argument's type. */
  choices?: ArgumentValue[];
  default?: ArgumentValue | ArgumentValue[];
};

export type ManifestExample = { command: string; description?: string };

export type ManifestCommand = {
  /** Words after the program name; empty for the root of a one-command program. */
  path: string[];
  name: string;
  description?: string;
  summary?: string;
  /** Absent on groups, which run nothing. */
  effects?: ManifestEffects;
  runnable: boolean;
  hidden: boolean;
  deprecated?: string;
  options: ManifestOption[];
  arguments: ManifestArgument[];
  examples: ManifestExample[];
  commands: ManifestCommand[];
  /** JSON Schema of the handler's `data`, when declared. */
  output?: Record<string, unknown>;
  /** Declared on a command that may run long (B1). */
  task?: TaskSupport;
  /** The columns a person sees when the data is a list of objects (H1). */
  fields?: string[];
  /** Rules of `burgee check` silenced for this command (X2). */
  check?: { ignore: CheckRuleId[] };
  /**
   * A foreign root whose work follows the program's parse, in no action or handler (figlet,
   * concurrently): burgee runs it as the program's own process, again, with the call's words (F4).
   */
  process?: true;
  /**
   * A foreign root that reads a word it does not know as its own data (a default command, yargs'
   * root without commands): burgee adds no command by word to it (F1).
   */
  takesWords?: true;
};

export type Manifest = {
  name: string;
  version?: string;
  description?: string;
  envPrefix?: string;
  config: boolean;
  schemaBudget: number;
  /** Surfaces an adapter program declared itself (`--json`, `--schema`, `--mcp`), which burgee leaves to it (F3). */
  shadows?: string[];
  /**
   * MCP settings: `toolBudget` caps the characters of the first `tools/list` page (M2; absent, the
   * default DEFAULT_TOOL_BUDGET); `ask: false` keeps the server from asking its clients' users
   * anything (Q1, Q4).
   */
  mcp?: { toolBudget?: number; ask?: false };
  /** Rules of `burgee check` silenced for the whole program (X2). */
  check?: { ignore: CheckRuleId[] };
  /** The root node: a group holding the commands, or the command itself for one-command programs. */
  root: ManifestCommand;
};
