/**
 * What `deprecated` says, the same in help and in the warning a run prints (D3): a bare name
 * (`'release'`, `'--target'`) is the replacement, said as "use release"; anything longer is the
 * author's own sentence ('use release --channel beta instead'), said as written.
 */
export const renderDeprecation = (deprecated: string): string =>
  /\s/.test(deprecated.trim()) ? deprecated.trim() : `use ${deprecated.trim()}`;

/** The warning a person sees when a run uses a deprecated command or flag: `<what> is deprecated: <text>`. */
export const renderDeprecationWarning = (what: string, deprecated: string): string =>
  `${what} is deprecated: ${renderDeprecation(deprecated)}`;
