/**
 * Shapes of the `--schema` surface (S1–S4): plain JSON data, described for validators by
 * `program-schema.json` at the package root.
 */
import type { ManifestEffects, Scalar, TaskSupport } from '../../manifest/types.js';

/** The JSON Schema type of one value inside an input schema. */
export type InputValueType = 'string' | 'number' | 'integer' | 'boolean';

/** The element schema of a `multiple` option or variadic argument. */
export type InputItems = {
  type: InputValueType;
  enum?: Scalar[];
  minimum?: number;
  maximum?: number;
};

/**
 * One property of an input schema, in JSON Schema 2020-12's keywords only: a scalar, or an array for
 * repeatable inputs. A flag whose value may be left off (a foreign program's `--colour [name]`) is a
 * string or a boolean, said with `anyOf` rather than a list of types, which Ajv's strict mode refuses.
 */
export type InputProperty = {
  type?: InputValueType | 'array';
  anyOf?: [{ type: 'string' }, { type: 'boolean' }];
  items?: InputItems;
  description?: string;
  enum?: Scalar[];
  default?: Scalar | Scalar[];
  minimum?: number;
  maximum?: number;
  deprecated?: true;
};

/** The JSON Schema of a command's inputs, shared by `--schema` and the MCP tool (S2). */
export type InputSchema = {
  type: 'object';
  properties: Record<string, InputProperty>;
  required: string[];
  additionalProperties: false;
};

/**
 * One visible option as `--schema` publishes it for a command line: what its inputSchema property
 * (under `name`) cannot say. Each fact is in one place (N5).
 */
export type OptionSchema = {
  /** The option's key in the command's inputSchema (camelCase in native programs). */
  name: string;
  flag: string;
  short?: string;
  env?: string;
  /** Required on the command line unless its variable (`env`) is set. */
  requiredUnlessEnv?: true;
  /** On unless turned off: `--no-<flag>` says false. */
  negatable?: true;
  /** How one value of a repeatable option splits into several, when not a comma. */
  separator?: string;
  placeholder?: string;
  /** Names the replacement. */
  deprecated?: string;
  secret?: true;
};

/** One positional argument as `--schema` publishes it: its inputSchema key, in the order it is typed. */
export type ArgumentSchema = { name: string };

/** One example invocation as `--schema` publishes it. */
export type ExampleSchema = { command: string; description?: string };

/** One command in full, as `--schema` publishes it and as drilling prints it (S1, S3). */
export type CommandSchema = {
  name: string;
  description?: string;
  summary?: string;
  effects: ManifestEffects;
  deprecated?: string;
  arguments: ArgumentSchema[];
  options: OptionSchema[];
  examples: ExampleSchema[];
  inputSchema: InputSchema;
  output?: Record<string, unknown>;
  /** Declared on a command that may run long (B1): `optional` or `required`. */
  task?: TaskSupport;
};

/** The exit-code table as published: name → number. */
export type ExitCodeTable = Record<string, number>;

/** The whole program in full (S1), or the commands of one group when drilled into it. */
export type FullSchemaDocument = {
  schemaVersion: 1;
  name: string;
  version?: string;
  description?: string;
  /** The group drilled into (`tool cloud --schema`), its words joined by spaces; absent at the root. */
  group?: string;
  shadows?: string[];
  tasks?: TasksSchema;
  exitCodes: ExitCodeTable;
  commands: CommandSchema[];
};

/**
 * How to follow a command that runs as a task (B3), present when some command may: `--detach` starts
 * one, and these commands of burgee's own (not the program's, so not in `commands`) follow it.
 */
export type TasksSchema = { detach: '--detach'; commands: string[] };

/** One command's line in an over-budget summary. */
export type CommandSummary = { name: string; summary: string; effects: ManifestEffects };

/** One command's line when even summaries exceed the budget. */
export type CommandName = { name: string; effects: ManifestEffects };

/** A group's line when listing its commands by name would be longer: drill into it for them. */
export type GroupCount = { name: string; commands: number };

/**
 * How much of each command an over-budget document keeps, from most to least (S4):
 * summaries; names and effects; names with groups counted instead of listed.
 */
export type SchemaDetail = 'summary' | 'names' | 'groups';

/** What `--schema` prints instead of the full document when it exceeds the budget (S4). */
export type SummarySchemaDocument = {
  schemaVersion: 1;
  name: string;
  version?: string;
  description?: string;
  group?: string;
  shadows?: string[];
  tasks?: TasksSchema;
  summarised: true;
  detail: SchemaDetail;
  budget: number;
  exitCodes: ExitCodeTable;
  commands: (CommandSummary | CommandName)[];
  groups?: GroupCount[];
  /** Present when the entries span pages: this page holds only some; `--page` gives the others. */
  truncated?: true;
  page?: number;
  pages?: number;
  hint: string;
};

/** Either shape of the `--schema` document. */
export type SchemaDocument = FullSchemaDocument | SummarySchemaDocument;

/** Options of `toSchemaDocument`. */
export type SchemaDocumentOptions = {
  budget?: number;
  /** 1-based page of an over-budget document; pages exist only when even the shortest form does not fit. */
  page?: number;
  /** Drill into a group: the document of the commands below this path. */
  group?: readonly string[];
  /** The whole document whatever its size (X3): no budget applies, so it is never summarised or paged. */
  full?: boolean;
};

/** A document that fits its budget, or why none can (S4). */
export type FittedSchema =
  | { ok: true; document: SchemaDocument }
  | { ok: false; reason: 'budget'; minimum: number }
  | { ok: false; reason: 'page'; pages: number };

/** The outcome of `--field`: the value found, or where the walk stopped and what was there. */
/** A `--field` value found, or where the walk stopped: the path walked (`at`), the step that named nothing, what was there. */
export type FieldSelection =
  | { ok: true; value: unknown }
  | { ok: false; at: string; step: string; available: string[] };
