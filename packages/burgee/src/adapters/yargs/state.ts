/** The slice of a yargs instance the adapter touches; yargs 18 ships no types of its own. */
export type YargsInstance = {
  $0: string;
  command(...args: unknown[]): YargsInstance;
  fail(f: unknown): YargsInstance;
  env(prefix: string): YargsInstance;
  exit(code: number, error?: Error): void;
  options(options: Record<string, unknown>): YargsInstance;
  parse(...args: unknown[]): unknown;
  parseAsync(...args: unknown[]): Promise<unknown>;
  parseSync(...args: unknown[]): unknown;
  getOptions(): YargsOptions;
  getInternalMethods(): {
    getCommandInstance(): CommandInstance;
    getUsageInstance(): { getDescriptions(): Record<string, string | undefined> };
    getContext(): { commands: string[]; fullCommands: string[] };
  };
};

/** What `getOptions()` returns: one table per trait, keyed by option name. */
export type YargsOptions = {
  key: Record<string, unknown>;
  alias: Record<string, string[]>;
  default: Record<string, unknown>;
  choices: Record<string, unknown[]>;
  demandedOptions: Record<string, unknown>;
  deprecatedOptions: Record<string, unknown>;
  hiddenOptions: string[];
  boolean: string[];
  number: string[];
  count: string[];
  array: string[];
  local: string[];
  envPrefix?: string;
};

/** One registered command, as yargs keeps it. */
export type CommandHandler = {
  original: string;
  description: string | false | undefined;
  handler: (argv: unknown) => unknown;
  builder: unknown;
  demanded: { cmd: string[]; variadic: boolean }[];
  optional: { cmd: string[]; variadic: boolean }[];
  deprecated?: unknown;
};

export type CommandInstance = {
  getCommandHandlers(): Record<string, CommandHandler>;
  getCommands(): string[];
  hasDefaultCommand(): boolean;
};

/** What the adapter records on an instance while the program builds and runs. */
export type AdapterState = {
  /** The command path whose builder runs now: `.effects()` applies to it. */
  building: string[];
  /** Declared effects by command path (words joined by a space; '' for the default command). */
  effects: Map<string, unknown>;
  /** The handler that ran last and what it returned (a promise is left for burgee to await), while a burgee run listens. */
  ran: { path: string[]; value: unknown; argv: unknown } | undefined;
  /** Set during a `--json` run: burgee then takes the handler's result and the run's refusals (observe.ts). */
  listening: boolean;
  /** Set during an `--explain` run: the handler is not called (observe.ts). */
  explaining?: boolean;
  /** True once burgee watches the instance's runs (observe.ts). */
  observed?: boolean;
};

/** Where an adapted instance keeps its state. */
export const STATE = Symbol.for('burgee.yargs.state');

/** The state of an adapted instance. */
export const stateOf = (instance: YargsInstance): AdapterState =>
  (instance as unknown as { [STATE]: AdapterState })[STATE];

/** A refusal a program's own `.fail()` handler would have been told of, ended as yargs ends its own (a usage error). */
export class YargsFailure extends Error {
  override readonly name = 'YError';
}
