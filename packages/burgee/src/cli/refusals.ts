/**
 * Every way the `burgee` binary refuses (M8, X1–X5), as data: what is wrong and what to do. The
 * command files throw them with the class of their exit code (2 usage, 3 an entry or document that
 * cannot be read, 1 findings or breaking changes); none carries a `fix`, for none has one runnable
 * answer: the entry to give, the code to change, is the author's.
 */
import type { FailureDetails } from '../errors/errors.js';
import type { Refusal } from '../errors/refusals/index.js';

/** A refusal as the failure of its exit code's class, `data` (findings, changes) published with it. */
export function refusedAs<E>(
  Failure: new (message: string, details?: FailureDetails) => E,
  refusal: Refusal,
  data?: unknown,
): E {
  return new Failure(refusal.message, data === undefined ? refusal : { ...refusal, data });
}

/** The path given names nothing. */
export const noEntry = (arg: string, path: string, command: string): Refusal => ({
  message: `no entry module at ${arg} (looked for ${path})`,
  hint: entryHint(command),
});

/** The path given is a folder; `bin`, its package's one command module, when it names one. */
export const entryIsFolder = (arg: string, command: string, bin?: string): Refusal => ({
  message: `${arg} is a folder; burgee ${command} needs the module that exports the program`,
  hint: bin === undefined ? entryHint(command) : `its package's command is ${bin}: burgee ${command} ${bin}`,
});

const entryHint = (command: string) => `give the module that exports your program, e.g. burgee ${command} ./cli.mjs`;

/** The entry failed to load: `reason` says where and why, `hint` (when the loader knows one) what to do. */
export const cannotLoad = (label: string, reason: string, hint: string | undefined, rerun: string): Refusal => ({
  message: `cannot load ${label}: ${reason}`,
  hint: hint ?? `fix it, then run ${rerun} again`,
});

/** The entry's import never finished within the load timeout. */
export const importNeverSettled = (ms: number): Refusal => ({
  message: `its import did not settle within ${ms} ms and was abandoned (a top-level await that never ends?)`,
  hint: 'give a slow entry more time with --load-timeout or BURGEE_DEV_LOAD_TIMEOUT_MS',
});

/** The entry exports no program: what it does export, and what to export instead. */
export const notAProgram = (found: readonly string[], foreign: boolean): Refusal => ({
  message: `${found.join('; ')}, not a burgee program`,
  hint: foreign
    ? "serve it through burgee/commander and burgee/yargs: import Command from 'burgee/commander' (or yargs from 'burgee/yargs') instead of the library itself"
    : 'export what defineProgram or defineCommand returned, as `export const program = …` or as the default export',
});

/** `burgee check` found errors (or, under `--strict`, warnings). */
export const checkFailed = (summary: string, onWarnings: boolean): Refusal => ({
  message: onWarnings ? `${summary} (--strict fails on warnings)` : summary,
  hint: "each finding says what to change; a command may silence a rule with check: { ignore: ['rule-id'] }",
});

/** `burgee diff` found breaking changes. */
export const breakingChanges = (tally: string, old: string): Refusal => ({
  message: `${tally}; callers of ${old} may break`,
  hint: 'keep what callers use, or release a new major version and pass --allow-breaking',
});

/** Both sides of `burgee diff` asked for stdin. */
export const twoStdins = (): Refusal => ({
  message: 'only one side can be read from stdin',
  hint: 'give the other as a file or an entry',
});

const GIVE_DOCUMENT = 'give the output of <program> --schema --full, or the program file itself';
const WRITE_DOCUMENT = 'write the whole document with: <program> --schema --full > schema.json';

/** No file at the path `burgee diff` was given. */
export const noSchemaDocument = (arg: string): Refusal => ({
  message: `no schema document at ${arg}`,
  hint: 'write one with: <program> --schema --full > schema.json',
});

/** The document is not JSON: where it stops being JSON. */
export const documentNotJson = (where: string, line: number, column: number): Refusal => ({
  message: `${where} is not JSON (line ${line}, column ${column})`,
  hint: GIVE_DOCUMENT,
});

/** The JSON is not a `--schema --full` document (a summary page, another document). */
export const notAFullDocument = (where: string, problem: string, summary: boolean): Refusal => ({
  message: `${where} is not a --schema --full document: ${problem}`,
  hint: summary ? WRITE_DOCUMENT : GIVE_DOCUMENT,
});
