/** The shells a completion script is generated for (C1). */
export const SHELLS = ['bash', 'zsh', 'fish', 'pwsh'] as const;
export type Shell = (typeof SHELLS)[number];
/** True when `value` names a shell burgee writes a completion script for. */
export const isShell = (value: unknown): value is Shell => SHELLS.includes(value as Shell);
