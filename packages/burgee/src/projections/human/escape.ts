// Control characters (Unicode's Cc: the ASCII controls, DEL and the 8-bit controls): what a terminal
// would act on rather than show; the first spares newlines. Written as ranges, not `\p{Cc}`: a property
// escape makes V8 build ICU sets while it parses the module, at every start (N1).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_OR_NEWLINE = /[\x00-\x1f\x7f-\x9f]/g;

const visible = (char: string): string => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Text for a terminal with its control characters written as `\xNN`, so a value the caller typed
 * (argv, env, config) cannot retitle the window, move the cursor or fake a line (E10). Newlines
 * stay unless `oneLine`, since burgee's own messages may span lines.
 */
export function escapeControls(text: string, oneLine = false): string {
  return text.replace(oneLine ? CONTROL_OR_NEWLINE : CONTROL, visible);
}
