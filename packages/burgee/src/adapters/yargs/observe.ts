import { type AdapterState, type CommandHandler, stateOf, YargsFailure, type YargsInstance } from './state.js';

type Validate = (isDefault: boolean, record: CommandHandler, ...rest: unknown[]) => unknown;
type Fail = (message: unknown, error: unknown) => unknown;
/** Where yargs passes the middleware list among `handleValidationAndGetResult`'s arguments after the record. */
const MIDDLEWARES = 4;

/**
 * Lets burgee see, during one of its `--json` runs, which command's handler ran and what it
 * returned, and take the run's refusals before the program's `.fail()` functions print them and
 * exit. It changes two methods of yargs' own command and usage objects, never a registered
 * builder, handler or fail function, and only while a run listens (`state.listening`): a handler
 * is still called as yargs calls it, with yargs' command record as `this`.
 */
export function observe(instance: YargsInstance): void {
  const state = stateOf(instance);
  // Once per instance: `burgee dev` and a test may each ask for the program of the same instance.
  if (state.observed) return;
  state.observed = true;
  const internals = instance.getInternalMethods();
  const commands = internals.getCommandInstance() as unknown as { handleValidationAndGetResult: Validate };
  const validate = commands.handleValidationAndGetResult;
  commands.handleValidationAndGetResult = function observed(this: unknown, isDefault, record, ...rest) {
    if (!state.listening || typeof record.handler !== 'function')
      return validate.call(this, isDefault, record, ...rest);
    const path = runningPath(instance);
    // yargs reads the handler off the record it is given: a record inheriting from the real one.
    const seen = Object.create(record, {
      handler: { value: (argv: unknown) => callHandler(record, argv, path, state) },
    }) as CommandHandler;
    // `--explain` runs none of the program's code after validation: the middleware that precedes
    // the handler neither (yargs' own coercions run before validation, so values stay yargs').
    if (state.explaining) rest[MIDDLEWARES] = [];
    return validate.call(this, isDefault, seen, ...rest);
  };
  const usage = internals.getUsageInstance() as unknown as { fail: Fail };
  const fail = usage.fail;
  usage.fail = function listened(this: unknown, message, error) {
    if (!state.listening) return fail.call(this, message, error);
    // Ended as yargs ends its own refusal when a parse callback listens: recorded, nothing printed.
    instance.exit(1, error instanceof Error ? error : new YargsFailure(typeof message === 'string' ? message : ''));
  };
}

/**
 * Calls the program's handler and records what it returned. yargs is handed nothing to wait on: a
 * returned promise is burgee's to await, so the instance is back as it was the moment the handler
 * returns, whether the promise settles, rejects, or never does (M6).
 */
function callHandler(record: CommandHandler, argv: unknown, path: string[], state: AdapterState): undefined {
  // `--explain` parses and runs nothing (P5).
  if (state.explaining) {
    state.ran = { path, value: undefined, argv };
    return undefined;
  }
  let value: unknown;
  try {
    value = record.handler.call(record, argv);
  } catch (error) {
    value = Promise.reject(error);
    (value as Promise<unknown>).catch(() => {});
  }
  state.ran = { path, value, argv };
  return undefined;
}

/** The command path yargs is running, from its context: each command's own name, as the manifest has it. */
function runningPath(instance: YargsInstance): string[] {
  const { fullCommands } = instance.getInternalMethods().getContext();
  return fullCommands.map(commandName);
}

/** A command's name in yargs' `original` string (`'deploy <target> [note]'` → `deploy`), as yargs' parseCommand reads it. */
const commandName = (original: string): string =>
  (
    original
      .trim()
      .replace(/\s{2,}/g, ' ')
      .split(/\s+(?![^[]*]|[^<]*>)/)[0] ?? ''
  ).replace(/\.*[\][<>]/g, '');
