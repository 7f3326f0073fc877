import { ExitCode, isAuthorCode } from '../manifest/exit-codes.js';
import type { ManifestCommand } from '../manifest/types.js';
import type { Refusal } from './refusals/refusal.js';

/** An action request as the envelope needs it: every next step written as one command line. */
export type CheckedActionRequest = {
  reason: string;
  message: string;
  next: { command: string; when?: string }[];
  hint?: string;
};

/** What an E5 failure carries besides its code. */
export type FailureDetails = {
  readonly hint?: string;
  readonly fix?: string;
  readonly usage?: UsageSummary;
  /**
   * What the command found before it failed (a checker's findings), published as the failure
   * envelope's `data` for `--json` callers; a person reads what the handler printed (E5).
   */
  readonly data?: unknown;
};

/** The short usage block a usage error may carry (E5). */
export type UsageSummary = {
  command: string;
  options?: { name: string; description: string }[];
  commands?: { name: string; description: string }[];
};

/** Base of every error burgee classifies by its own `code`. */
export class BurgeeError extends Error {
  readonly code: number;
  readonly hint: string | undefined;
  readonly fix: string | undefined;
  readonly usage: UsageSummary | undefined;
  readonly data: unknown;

  constructor(code: number, message: string, details: FailureDetails = {}) {
    super(message);
    this.code = code;
    this.hint = details.hint;
    this.fix = details.fix;
    this.usage = details.usage;
    this.data = details.data;
  }
}

/**
 * The caller asked for something the command cannot take: exit 2. When burgee refuses, it names the
 * command refused, and the failure then carries that command's usage block (E5).
 */
export class UsageError extends BurgeeError {
  override readonly name = 'UsageError';
  readonly command: ManifestCommand | undefined;
  constructor(message: string, details: FailureDetails & { readonly command?: ManifestCommand } = {}) {
    super(ExitCode.USAGE, message, details);
    this.command = details.command;
  }
}

/** A refusal of what the caller typed, as a usage error of the command refused. */
export const refuse = (refusal: Refusal, command?: ManifestCommand): UsageError =>
  new UsageError(refusal.message, command === undefined ? refusal : { ...refusal, command });

/** Configuration (env, config file) is unreadable or wrong: exit 3. */
export class ConfigError extends BurgeeError {
  override readonly name = 'ConfigError';
  constructor(message: string, details?: FailureDetails) {
    super(ExitCode.CONFIG, message, details);
  }
}

/** Credentials are missing or refused: exit 5. */
export class AuthError extends BurgeeError {
  override readonly name = 'AuthError';
  constructor(message: string, details?: FailureDetails) {
    super(ExitCode.AUTH, message, details);
  }
}

/** A class made by `defineError`. */
export type DefinedErrorClass = (new (
  message: string,
  details?: FailureDetails,
) => BurgeeError) & {
  readonly code: number;
};

const definedCodes = new Map<number, string>();

/** Declares an author's error class with its own exit code, 7–125; one code, one class (E1). */
export function defineError(spec: { name: string; code: number }): DefinedErrorClass {
  if (!isAuthorCode(spec.code)) {
    throw new TypeError(
      `burgee: error "${spec.name}" uses code ${spec.code}; author codes are whole numbers 7–125 (0–6 and 130 belong to burgee)`,
    );
  }
  const holder = definedCodes.get(spec.code);
  if (holder !== undefined && holder !== spec.name) {
    throw new TypeError(
      `burgee: error "${spec.name}" uses code ${spec.code}, already taken by "${holder}"; one code, one class`,
    );
  }
  definedCodes.set(spec.code, spec.name);
  const Defined = class extends BurgeeError {
    static readonly code = spec.code;
    constructor(message: string, details?: FailureDetails) {
      super(spec.code, message, details);
      this.name = spec.name;
    }
  };
  Object.defineProperty(Defined, 'name', { value: spec.name });
  return Defined;
}

/** Thrown by `ctx.actionRequired`; carries the next steps out of the handler. */
export class ActionRequiredSignal extends Error {
  override readonly name = 'ActionRequired';
  constructor(readonly request: CheckedActionRequest) {
    super(request.message);
  }
}

/** Thrown by `ctx.exit`; ends the run with a code and nothing more. */
export class ExitSignal extends Error {
  override readonly name = 'Exit';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/**
 * What `process.exit` throws inside a guarded run (an MCP call, a `--json` handler, a module
 * `burgee dev` loads): ending the process there would stop a server or lose the envelope (E7, M6).
 */
export class ProcessExitSignal extends Error {
  override readonly name = 'ProcessExit';
  constructor(readonly exitCode: unknown) {
    super(`the command called ${exitCall(exitCode)}`);
  }
}

/** `process.exit(3)`, `process.exit()`: how the call looked. */
export const exitCall = (code: unknown): string =>
  code === undefined
    ? 'process.exit()'
    : `process.exit(${typeof code === 'string' ? JSON.stringify(code) : String(code)})`;
