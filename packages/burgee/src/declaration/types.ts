import type { PromptKind } from 'caique';
import type { CheckRuleId } from '../manifest/check-rules.js';
import type { ArgumentType, Effects, OptionType, Scalar, TaskSupport } from '../manifest/types.js';
import type { ActionRequest } from './action.js';
import type { Ask } from './ask.js';
import type { InferArguments, InferOptions } from './infer.js';

export type { ActionRequest, NextStep } from './action.js';
export type { InferArguments, InferOptions } from './infer.js';

/** A Standard Schema v1 validator (zod, valibot, arktype …), typed structurally so no package is needed. */
export interface StandardSchemaV1<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}
type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<unknown> }> };

/** What a `complete` function receives: the partial word being completed. */
export type CompleteRequest = { partial: string; env: Readonly<Record<string, string | undefined>> };

/** One option as an author declares it (D3). */
export type OptionSpec = {
  /** `'string'`, `'number'` or `'boolean'`; numbers are checked before the handler runs. */
  readonly type: OptionType;
  /** The help line, the `--schema` description and the MCP argument description. */
  readonly description?: string;
  /** Refuse to run without a value from any layer (flag, env, config file). */
  readonly required?: boolean;
  /** The value when no layer gives one; shown in help and `--schema`. */
  readonly default?: Scalar | readonly Scalar[];
  /** A one-letter alias: `short: 'p'` is `-p`. */
  readonly short?: string;
  /** The variable to read the value from; `false` keeps the option out of the program's `envPrefix`. */
  readonly env?: string | false;
  /** The accepted values; the handler's type becomes their union. */
  readonly choices?: readonly Scalar[];
  /** Repeatable (`--tag a --tag b`), values also split on `separator`; an array in the handler. */
  readonly multiple?: boolean;
  /** What a `multiple` value is split on; default `,`. */
  readonly separator?: string;
  /** The smallest number accepted, inclusive. */
  readonly minimum?: number;
  /** The largest number accepted, inclusive. */
  readonly maximum?: number;
  /** Only whole numbers (`integer` in JSON Schema). */
  readonly integer?: boolean;
  /** The word in help: `--build <version>`. */
  readonly placeholder?: string;
  /** Kept out of help, `--schema` and MCP; still accepted. */
  readonly hidden?: boolean;
  /** The replacement, named in help. */
  readonly deprecated?: string;
  /** Whether a boolean also has `--no-x`; default true. */
  readonly negatable?: boolean;
  /** Never printed: redacted in provenance, help, `--schema` and every error. */
  readonly secret?: boolean;
  /** Candidates for dynamic shell completion of this option's value. */
  readonly complete?: (request: CompleteRequest) => readonly string[] | Promise<readonly string[]>;
  /** A Standard Schema v1 validator (zod, valibot …), checked after the built-in rules. */
  readonly schema?: StandardSchemaV1;
  /** Ask a person for the value when no layer gives one; refuse (exit 2, naming the flag) when nobody can answer (A6). */
  readonly prompt?: { readonly message: string; readonly kind?: PromptKind };
};

/** One positional argument as an author declares it (D4). */
export type ArgumentSpec = {
  /** The key in `ctx.args` and in the MCP tool's input. */
  readonly name: string;
  /** The help line. */
  readonly description?: string;
  /** Default true; an optional argument shows as `[name]`. */
  readonly required?: boolean;
  /** Takes every remaining word, as an array; only the last argument may. */
  readonly variadic?: boolean;
  /** `'string'` (the default) or `'number'`; a number is checked before the handler runs, as an option's is. */
  readonly type?: ArgumentType;
  /** The accepted values; the handler's type becomes their union. */
  readonly choices?: readonly (string | number)[];
  /** The value when the argument is not given. */
  readonly default?: string | number | readonly (string | number)[];
};

export type OptionSpecs = { readonly [key: string]: OptionSpec };
export type ArgumentSpecs = readonly ArgumentSpec[];

export type Progress = { readonly done: number; readonly total?: number; readonly message?: string };

/** What a handler receives; `signal` and `ask` are made when read, so `{...ctx}` leaves them out. */
export type Context<O extends OptionSpecs = OptionSpecs, A extends ArgumentSpecs = ArgumentSpecs> = {
  readonly options: InferOptions<O>;
  readonly args: InferArguments<A>;
  /** Words after `--`. */
  readonly passthrough: readonly string[];
  /** The coding agent driving this process, if one is detected (A1). */
  readonly agent: string | undefined;
  /** May the handler ask a person? (A2) */
  readonly interactive: boolean;
  /** True when the caller asked for the envelope. */
  readonly json: boolean;
  /** The command path, program name first. */
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Aborted on SIGINT, or when an MCP client cancels the call. */
  readonly signal: AbortSignal;
  /** Stops the run: exit 4 with a runnable next step instead of a question nobody can answer. */
  actionRequired(request: ActionRequest): never;
  /** Stops the run with this exit code, printing nothing more. */
  exit(code: number): never;
  /** Reports progress of long work: a line on stderr for a person at a terminal, MCP notifications for a client. */
  progress(progress: Progress): void;
  /** Asks a person, or refuses at once (exit 2) when nobody can answer; caique loads on first use. */
  readonly ask: Ask;
  /** Registers cleanup that also runs on SIGINT. */
  onExit(cleanup: () => void): void;
};

export type Handler<O extends OptionSpecs, A extends ArgumentSpecs> = (ctx: Context<O, A>) => unknown;

/** What `load` resolves to: a module whose default export (or `run`) is the handler. */
export type LoadedHandler<O extends OptionSpecs, A extends ArgumentSpecs> =
  | Handler<O, A>
  | { readonly default: Handler<O, A> }
  | { readonly run: Handler<O, A> };

/** The fields every command may declare, runnable or not (D1). */
type CommandFields<O extends OptionSpecs, A extends ArgumentSpecs> = {
  /** The word that selects the command; lower-case letters, digits and dashes. */
  readonly name: string;
  /** What the command does: help, `--schema` and the MCP tool description. */
  readonly description?: string;
  /** A shorter line for command lists in help; defaults to the description. */
  readonly summary?: string;
  /**
   * The options, keyed by camelCase name; the flag is the kebab form (D3). The mapped half gives a
   * `complete` function its parameter type: `O` alone is still being inferred when it is read.
   */
  readonly options?: O & { readonly [K in keyof O]: OptionSpec };
  /** The positional arguments, in the order they are typed (D4). */
  readonly arguments?: A;
  /** Command lines shown in help, `--schema` and the MCP description. */
  readonly examples?: readonly (string | { readonly command: string; readonly description?: string })[];
  /** Subcommands; a command with subcommands and no handler is a group. */
  readonly commands?: readonly Command[];
  /** Kept out of help, `--schema` and MCP; still runnable by name. */
  readonly hidden?: boolean;
  /** The replacement to name in help, e.g. `'use release instead'`. */
  readonly deprecated?: string;
  /** The columns, in order, a person sees when the result is a list of objects (H1); `--json` is unchanged. */
  readonly fields?: readonly string[];
  /** A JSON Schema of the handler's result, published in `--schema` and as the MCP `outputSchema`. */
  readonly output?: Record<string, unknown>;
  /** Rules of `burgee check` this command is exempt from (X2); `check` counts the findings they silence. */
  readonly check?: CheckSettings;
};

/** What a declaration says to `burgee check` (X2). */
export type CheckSettings = {
  /** Rule ids whose findings are silenced here, e.g. `['missing-example']`; an unknown id is refused at definition. */
  readonly ignore?: readonly CheckRuleId[];
};

/** A command with a handler: `effects` is required, so a runnable command without it does not compile (D2). */
type RunnableFields<O extends OptionSpecs, A extends ArgumentSpecs> = {
  /** What running the command does to the world: decides MCP hints and whether agents see it (D2). */
  readonly effects: Effects;
  /** The command may run long (B1): a caller may run it as a task (`optional`) or must (`required`). */
  readonly task?: TaskSupport;
} & (
  | {
      /** The handler: receives the context, returns the result (any JSON value), may be async. */
      readonly run: Handler<O, A>;
      readonly load?: undefined;
    }
  | {
      /** The handler's module, imported only when this command runs (D7). */
      readonly load: () => Promise<LoadedHandler<O, A>>;
      readonly run?: undefined;
    }
);

/** A group: subcommands and no handler, so nothing to declare effects of. */
type GroupFields = {
  readonly commands: readonly Command[];
  readonly effects?: undefined;
  readonly run?: undefined;
  readonly load?: undefined;
};

/** A command as an author declares it (D1): a runnable command or a group of subcommands. */
export type CommandDefinition<
  O extends OptionSpecs = OptionSpecs,
  A extends ArgumentSpecs = ArgumentSpecs,
> = CommandFields<O, A> & (RunnableFields<O, A> | GroupFields);

/** What the definition check reads: any command, including ones that slipped past the types (plain JS). */
export type LooseCommandDefinition = CommandFields<OptionSpecs, ArgumentSpecs> & {
  readonly effects?: Effects;
  readonly task?: TaskSupport;
  readonly run?: Handler<Erased, Erased>;
  readonly load?: () => Promise<LoadedHandler<Erased, Erased>>;
};

// biome-ignore lint/suspicious/noExplicitAny: a checked command's erased options: its handler was typed against them where declared.
type Erased = any;

declare const commandBrand: unique symbol;
/** A checked command declaration. */
export type Command = LooseCommandDefinition & { readonly [commandBrand]: true };

/** A program as an author declares it. */
export type ProgramDefinition = {
  /** The program's name: the first word of every usage line, fix and completion script. */
  readonly name: string;
  /** Printed by `--version` and published in `--schema`. */
  readonly version?: string;
  /** The help line at the root, and the description in `--schema`. */
  readonly description?: string;
  /** The top-level commands. */
  readonly commands: readonly Command[];
  /** `'TOOL'` reads each option from `TOOL_<KEY>` unless the option says otherwise (P2). */
  readonly envPrefix?: string;
  /** Reads option values from a config file (`--config`, `<PREFIX>_CONFIG`, `./<name>.config.json` …) (P3). */
  readonly config?: boolean;
  /** The characters `--schema` may print before it summarises instead; default 48,000 (S4). */
  readonly schemaBudget?: number;
  /**
   * MCP settings. `toolBudget`: when the tools' JSON is longer than this many characters (default
   * 8,000, about 2,000 tokens; `Infinity` lists every tool), the first `tools/list` holds the
   * top-level commands and one discovery tool for the groups instead (M2).
   * `ask: false`: never ask an MCP client's user for a prompt's answer or a confirmation (Q1, Q4).
   */
  readonly mcp?: { readonly toolBudget?: number; readonly ask?: boolean };
  /** Rules of `burgee check` silenced for the whole program, every command included (X2). */
  readonly check?: CheckSettings;
};

declare const programBrand: unique symbol;
/** A checked program declaration. */
export type Program = ProgramDefinition & { readonly [programBrand]: true; readonly root: Command };
