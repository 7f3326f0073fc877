import { ExitCode } from '../manifest/exit-codes.js';
import type { RunResult } from '../pipeline/report.js';
import { type ErrorBody, renderEnvelope, toFailureEnvelope } from '../projections/envelope/index.js';

/**
 * A tool result in MCP's `CallToolResult` shape (M4). The first text item is the envelope; the same
 * envelope as an object comes only where the tool has an `outputSchema`, which obliges it, or where
 * it says more than the text (Q6): anywhere else it would be a second copy for a model to read (N5).
 */
export type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
};

/**
 * A failure burgee answers for the call itself: refused arguments, a timeout, a cancellation.
 * `structured`: the tool has an `outputSchema`, so the result carries `structuredContent`.
 */
export function failed(failure: ErrorBody, captured: string, structured: boolean): ToolResult {
  const envelope = toFailureEnvelope(failure);
  return toolResult(renderEnvelope(envelope), envelope, captured, true, structured);
}

/** A run's envelope as a tool result, what the handler printed (`captured`) as a second text item (M4). */
export function toToolResult(result: RunResult, captured: string, structured: boolean): ToolResult {
  if (result.envelope === undefined) {
    // --json promises one envelope (N2); should that ever break, the caller still gets one.
    const failure = { code: ExitCode.RUNTIME, message: 'the command answered without a JSON envelope' };
    return failed(failure, captured, structured);
  }
  return toolResult(result.text, result.envelope, captured, result.exitCode !== 0, structured);
}

/** The envelope of a tool result: its `structuredContent`, else its first text item read back (M4). */
export const envelopeOf = (result: ToolResult): Record<string, unknown> =>
  result.structuredContent ?? (JSON.parse(result.content[0]!.text) as Record<string, unknown>);

// The envelope is the first text item whatever the tool: a client that reads only `content` reads it there.
function toolResult(text: string, envelope: object, captured: string, error: boolean, structured: boolean): ToolResult {
  const content: ToolResult['content'] = [{ type: 'text', text }];
  if (captured !== '') content.push({ type: 'text', text: captured });
  if (!structured) return { content, isError: error };
  return { content, structuredContent: envelope as Record<string, unknown>, isError: error };
}
