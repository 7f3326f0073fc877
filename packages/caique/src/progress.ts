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

// A line break would leave a line the next redraw does not erase.
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ');

/**
 * Starts a progress line on a terminal stream with ora (loaded only now). Stdin is left alone:
 * putting it in raw mode would turn Ctrl-C into a keypress instead of SIGINT (E9).
 */
export async function startProgress(stream: NodeJS.WriteStream, first: ProgressReport): Promise<ProgressLine> {
  const { default: ora } = await import('ora');
  const spinner = ora({ stream, text: renderProgress(first), discardStdin: false, hideCursor: true }).start();
  return {
    update(report) {
      // ora redraws on its own interval, so frequent reports cost a string each, not a redraw.
      spinner.text = renderProgress(report);
    },
    stop() {
      spinner.stop();
    },
  };
}
