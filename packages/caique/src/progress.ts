import type { Env } from 'roundel';

/** One report of long work: how much is done, of how much (when known), and what is happening. */
export type ProgressReport = {
  readonly done: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
};

/** A progress line on a terminal: redrawn by `update`, erased by `stop` leaving nothing behind. */
export interface ProgressLine {
  update(report: ProgressReport): void;
  stop(): void;
}

/** What a progress line needs of its terminal: somewhere to write, and its width when known. */
export type ProgressStream = {
  write(text: string): unknown;
  readonly columns?: number | undefined;
};

const BAR_WIDTH = 24;

/** The text after the spinner frame: a bar with a count when the total is known, else the count alone. */
export function renderProgress(report: ProgressReport): string {
  const done = Number.isFinite(report.done) ? Math.max(0, report.done) : 0;
  const total =
    report.total !== undefined && Number.isFinite(report.total) && report.total > 0 ? report.total : undefined;
  const message = report.message === undefined || report.message === '' ? '' : ` ${oneLine(report.message)}`;
  if (total === undefined) return `${done}${message}`;
  const filled = Math.round(Math.min(1, done / total) * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)} ${done}/${total}${message}`;
}

// A line break or an escape sequence would leave text the next redraw does not erase.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');

const CURSOR_HIDE = '\u001b[?25l';
const CURSOR_SHOW = '\u001b[?25h';
const ERASE_LINE = '\r\u001b[2K';
const FRAMES = { unicode: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'], ascii: ['-', '\\', '|', '/'] };
const FRAME_MS = 80;
/** The width assumed when the terminal reports none (or 0, as some do when detached): as help does. */
const FALLBACK_COLUMNS = 80;

/**
 * Starts a progress line on a terminal stream: a spinner frame and the report, redrawn in place
 * every 80 ms. The line is cut to the terminal's width as it is at each redraw, so it never
 * wraps (a wrapped line could not be erased) and a resize mid-run changes nothing but the cut.
 * Stdin is left alone: raw mode would turn Ctrl-C into a keypress instead of SIGINT (E9). The
 * timer never keeps the process alive, and a process that exits mid-line gets its cursor back.
 */
export function startProgress(stream: ProgressStream, first: ProgressReport, env: Env = {}): ProgressLine {
  const frames = unicodeTerminal(env) ? FRAMES.unicode : FRAMES.ascii;
  let text = renderProgress(first);
  let frame = 0;
  let stopped = false;
  const draw = (): void => {
    stream.write(`${ERASE_LINE}${fitWidth(`${frames[frame]} ${text}`, stream.columns)}`);
  };
  const restoreCursor = (): void => {
    stream.write(CURSOR_SHOW);
  };
  stream.write(CURSOR_HIDE);
  draw();
  const timer = setInterval(() => {
    frame = (frame + 1) % frames.length;
    draw();
  }, FRAME_MS);
  timer.unref();
  process.once('exit', restoreCursor);
  return {
    update(report) {
      // Redrawn on the next frame: frequent reports cost a string each, not a write.
      text = renderProgress(report);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      process.off('exit', restoreCursor);
      stream.write(`${ERASE_LINE}${CURSOR_SHOW}`);
    },
  };
}

/** Whether the terminal draws braille spinner frames: every terminal but the Linux console and old Windows hosts. */
function unicodeTerminal(env: Env): boolean {
  if (process.platform !== 'win32') return env.TERM !== 'linux';
  return env.WT_SESSION !== undefined || env.TERM_PROGRAM === 'vscode' || env.TERM === 'xterm-256color';
}

/**
 * `text` cut to fit one line of a terminal `columns` wide, one column kept free so the cursor never
 * moves to a next line. Wide characters (CJK, most emoji) count two columns, combining marks none.
 */
export function fitWidth(text: string, columns: number | undefined): string {
  const width = columns === undefined || !Number.isFinite(columns) || columns <= 0 ? FALLBACK_COLUMNS : columns;
  const room = Math.max(0, Math.floor(width) - 1);
  let used = 0;
  let end = 0;
  for (const character of text) {
    const cells = cellWidth(character.codePointAt(0) ?? 0);
    if (used + cells > room) return text.slice(0, end);
    used += cells;
    end += character.length;
  }
  return text;
}

/** Columns one code point takes in a terminal; an approximation of Unicode's East Asian Width, which is enough to never wrap. */
function cellWidth(code: number): number {
  if ((code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || code === 0xfe0f) return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}
