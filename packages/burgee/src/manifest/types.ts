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

export type OptionType = 'string' | 'number' | 'boolean';
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
  choices?: Scalar[];
  multiple: boolean;
  separator: string;
  minimum?: number;
  maximum?: number;
  integer: boolean;
  placeholder?: string;
  hidden: boolean;
  deprecated?: string;
  negatable: boolean;
  secret: boolean;
  /** True when a `complete` function exists (completions call back into the program). */
  dynamic: boolean;
  /** True when a Standard Schema validator refines the value. */
  refined: boolean;
  prompt?: { message: string };
};

export type ManifestArgument = {
  name: string;
  description?: string;
  required: boolean;
  variadic: boolean;
  default?: string | string[];
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
  /** The columns a person sees when the data is a list of objects (H1). */
  fields?: string[];
};

export type Manifest = {
  name: string;
  version?: string;
  description?: string;
  envPrefix?: string;
  config: boolean;
  schemaBudget: number;
  /** MCP settings: `toolBudget` caps the characters of the first `tools/list` page (M2). */
  mcp?: { toolBudget?: number };
  /** The root node: a group holding the commands, or the command itself for one-command programs. */
  root: ManifestCommand;
};
