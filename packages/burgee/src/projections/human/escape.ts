// Control characters (ASCII controls, DEL and the 8-bit controls): what a terminal would act on rather than show; the first spares newlines.
const CONTROL = /[^\P{Cc}\n]/gu;
const CONTROL_OR_NEWLINE = /\p{Cc}/gu;

const visible = (char: string): string => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Text for a terminal with its control characters written as `\xNN`, so a value the caller typed
 * (argv, env, config) cannot retitle the window, move the cursor or fake a line (E10). Newlines
 * stay unless `oneLine`, since burgee's own messages may span lines.
 */
export function escapeControls(text: string, oneLine = false): string {
  return text.replace(oneLine ? CONTROL_OR_NEWLINE : CONTROL, visible);
}
