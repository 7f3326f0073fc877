/** The exit codes of the contract (E1); published in `--schema`. */
export const ExitCode = {
  OK: 0,
  RUNTIME: 1,
  USAGE: 2,
  CONFIG: 3,
  CANCELLED: 4,
  AUTH: 5,
  SIGINT: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
export type ExitCodeName = keyof typeof ExitCode;

/** True when `code` is one of the contract's own names (`USAGE`, `CONFIG`, …). */
export const isExitCodeName = (code: unknown): code is ExitCodeName =>
  typeof code === 'string' && Object.hasOwn(ExitCode, code);

/** Codes an author may give their own error classes: 0–6 and 130 belong to the contract. */
export const isAuthorCode = (code: number): boolean => Number.isInteger(code) && code >= 7 && code <= 125;
