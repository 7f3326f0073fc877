import type { ProgressLine } from 'caique';
import { OutputMode, outputMode } from 'roundel';
import type { Progress } from '../declaration/types.js';
import type { Io } from '../process/io.js';

/** Where `ctx.progress` goes on the command line: a line on stderr, and a way to erase it for good. */
export type ProgressView = { report(progress: Progress): void; end(): Promise<void> };

/**
 * A progress line for a person watching a terminal (H5), or undefined when nobody should see one:
 * under --json, to an agent, on a pipe, or where the surface shows progress its own way (MCP, M9).
 * caique loads on the first report only.
 */
export function progressView(io: Io, json: boolean): ProgressView | undefined {
  if (io.onProgress !== undefined || io.terminal === undefined || !io.stderr.isTTY) return undefined;
  if (outputMode({ json, env: io.env, stdoutIsTTY: io.stdout.isTTY }) !== OutputMode.Tty) return undefined;
  let latest: Progress | undefined;
  let line: ProgressLine | undefined;
  let starting: Promise<void> | undefined;
  let ended = false;
  const start = async (first: Progress): Promise<void> => {
    const { startProgress } = await import('caique');
    // The command may have finished while the library loaded: then nothing is drawn at all.
    if (ended) return;
    line = startProgress(io.terminal!().output, first, io.env);
    if (latest !== undefined) line.update(latest);
  };
  return {
    report(progress) {
      latest = progress;
      if (line !== undefined) line.update(progress);
      else if (starting === undefined && !ended) starting = start(progress).catch(() => {});
    },
    end() {
      ended = true;
      // Erased at once: on SIGINT this runs as a cleanup, and the process dies of the signal before
      // any promise settles (E9). A line still loading checks `ended` and never draws.
      line?.stop();
      line = undefined;
      return starting ?? Promise.resolve();
    },
  };
}
