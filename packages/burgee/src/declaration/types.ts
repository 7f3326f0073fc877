import type { Effects, OptionType, Scalar } from '../manifest/types.js';

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

/** One option as an author declares it (DESIGN D3). */
export type OptionSpec = {
  readonly type: OptionType;
  readonly description?: string;
  readonly required?: boolean;
  readonly default?: Scalar | readonly Scalar[];
  readonly short?: string;
  /** The variable this option is read from; `false` keeps it out of `envPrefix` (a confirmation such as `yes`). */
  readonly env?: string | false;
  readonly choices?: readonly Scalar[];
  readonly multiple?: boolean;
  readonly separator?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly integer?: boolean;
  readonly placeholder?: string;
  readonly hidden?: boolean;
  readonly deprecated?: string;
  readonly negatable?: boolean;
  readonly secret?: boolean;
  readonly complete?: (request: CompleteRequest) => readonly string[] | Promise<readonly string[]>;
  readonly schema?: StandardSchemaV1;
  readonly prompt?: { readonly message: string };
};

/** One positional argument as an author declares it (DESIGN D4). */
export type ArgumentSpec = {
  readonly name: string;
  readonly description?: string;
  readonly required?: boolean;
  readonly variadic?: boolean;
  readonly default?: string | readonly string[];
};

export type OptionSpecs = { readonly [key: string]: OptionSpec };
export type ArgumentSpecs = readonly ArgumentSpec[];

type BaseValue<O extends OptionSpec> = O extends { readonly choices: readonly (infer C)[] }
  ? C
  : O['type'] extends 'string'
    ? string
    : O['type'] extends 'number'
      ? number
      : boolean;
type OptionValue<O extends OptionSpec> = O extends { readonly multiple: true } ? BaseValue<O>[] : BaseValue<O>;
type IsPresent<O> = O extends { readonly required: true }
  ? true
  : O extends { readonly default: unknown }
    ? true
    : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The handler's `ctx.options`, inferred from the literal declaration (DESIGN D6). */
export type InferOptions<O extends OptionSpecs> = Simplify<
  { -readonly [K in keyof O as IsPresent<O[K]> extends true ? K : never]: OptionValue<O[K]> } & {
    -readonly [K in keyof O as IsPresent<O[K]> extends true ? never : K]?: OptionValue<O[K]> | undefined;
  }
>;

type ArgumentValue<A extends ArgumentSpec> = A extends { readonly variadic: true }
  ? string[]
  : A extends { readonly required: false }
    ? A extends { readonly default: string }
      ? string
      : string | undefined
    : string;

/** The handler's `ctx.args`, inferred from the literal declaration. */
export type InferArguments<A extends ArgumentSpecs> = Simplify<{
  -readonly [E in A[number] as E['name']]: ArgumentValue<E>;
}>;

/** A runnable next step offered when a person would have been asked (DESIGN A4). */
/**
 * One runnable next step (A4): a command line, or its words in `argv`, which burgee quotes for a
 * POSIX shell so a value with spaces stays one word.
 */
export type NextStep =
  | { readonly command: string; readonly argv?: never; readonly when?: string }
  | { readonly argv: readonly string[]; readonly command?: never; readonly when?: string };
export type ActionRequest = {
  readonly reason: string;
  readonly message: string;
  readonly next: readonly NextStep[];
  readonly hint?: string;
};

export type Progress = { readonly done: number; readonly total?: number; readonly message?: string };

/** What a handler receives. */
export type Context<O extends OptionSpecs = OptionSpecs, A extends ArgumentSpecs = ArgumentSpecs> = {
  readonly options: InferOptions<O>;
  readonly args: InferArguments<A>;
  /** Words after `--`. */
  readonly passthrough: readonly string[];
  /** The coding agent driving this process, if one is detected (DESIGN A1). */
  readonly agent: string | undefined;
  /** May the handler ask a person? (DESIGN A2) */
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
  /** Reports progress of long work. */
  progress(progress: Progress): void;
  /** Registers cleanup that also runs on SIGINT. */
  onExit(cleanup: () => void): void;
};

export type Handler<O extends OptionSpecs, A extends ArgumentSpecs> = (ctx: Context<O, A>) => unknown;

/** What `load` resolves to: a module whose default export (or `run`) is the handler. */
export type LoadedHandler<O extends OptionSpecs, A extends ArgumentSpecs> =
  | Handler<O, A>
  | { readonly default: Handler<O, A> }
  | { readonly run: Handler<O, A> };

/** A command as an author declares it (DESIGN D1). */
export type CommandDefinition<O extends OptionSpecs = OptionSpecs, A extends ArgumentSpecs = ArgumentSpecs> = {
  readonly name: string;
  readonly description?: string;
  readonly summary?: string;
  readonly options?: O;
  readonly arguments?: A;
  readonly examples?: readonly (string | { readonly command: string; readonly description?: string })[];
  readonly effects?: Effects;
  readonly commands?: readonly Command[];
  readonly run?: Handler<O, A>;
  readonly load?: () => Promise<LoadedHandler<O, A>>;
  readonly hidden?: boolean;
  readonly deprecated?: string;
  readonly fields?: readonly string[];
  readonly output?: Record<string, unknown>;
};

declare const commandBrand: unique symbol;
/** A checked command declaration. */
export type Command = CommandDefinition<any, any> & { readonly [commandBrand]: true };

/** A program as an author declares it. */
export type ProgramDefinition = {
  readonly name: string;
  readonly version?: string;
  readonly description?: string;
  readonly commands: readonly Command[];
  readonly envPrefix?: string;
  readonly config?: boolean;
  readonly schemaBudget?: number;
};

declare const programBrand: unique symbol;
/** A checked program declaration. */
export type Program = ProgramDefinition & { readonly [programBrand]: true; readonly root: Command };
