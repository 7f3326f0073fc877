import type { Command } from '../declaration/types.js';
import { withCapturedOutput } from '../process/capture.js';
import { createContext, startHandler } from './handler.js';
import { progressView } from './progress-view.js';

/**
 * Runs a command's handler: its progress drawn on a terminal, its output routed (under --json to
 * stderr, E3), and a rejection it left unhandled counted against it (E10).
 */
export async function invoke(
  declaration: Command,
  captured: boolean,
  call: Parameters<typeof createContext>[0],
): Promise<unknown> {
  const { io } = call;
  const view = progressView(io, call.json);
  if (view !== undefined) {
    call.progress = view.report;
    // On SIGINT too: the line must not stay on the screen (E9).
    call.onExit(() => void view.end());
  }
  const ctx = createContext(call);
  // Under --json the envelope owns stdout: whatever the handler, or its lazy module while it loads,
  // prints goes to stderr (E3, D7).
  const toStderr = (text: string) => io.stderr.write(text);
  try {
    const running = captured
      ? startHandler(declaration, ctx, false)
      : withCapturedOutput(
          { stdout: call.json ? toStderr : (text: string) => io.stdout.write(text), stderr: toStderr },
          () => startHandler(declaration, ctx, call.json && io.isRealProcess === true),
        );
    if (io.stalled === undefined) return await running;
    // One more turn of the event loop before the result counts: a rejection the handler left
    // unhandled is reported only after the microtasks drain, and it fails the command (E10).
    return await Promise.race([Promise.resolve(running).then(afterOneTurn), io.stalled]);
  } catch (thrown) {
    throw new HandlerThrow(thrown);
  } finally {
    // Erased before anything else is written: the screen shows the result only (H5). Awaited only
    // when there is one: an MCP call never has one, and every await is a promise the call pays for.
    if (view !== undefined) await view.end();
  }
}

const afterOneTurn = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(resolve, value));

/** Marks what the handler threw, so burgee adds its usage block only to its own refusals. */
export class HandlerThrow {
  constructor(readonly cause: unknown) {}
}
