import { type Colors, colorLevel, createColors } from 'roundel';
import type { CheckedActionRequest } from '../errors/errors.js';
import { plainWords, writeLine } from '../errors/refusals/command-line.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { Manifest } from '../manifest/types.js';
import type { Io, OutputStream } from '../process/io.js';
import {
  type Envelope,
  renderEnvelope,
  toActionRequiredEnvelope,
  toFailureEnvelope,
  toLeanEnvelope,
  toSuccessEnvelope,
} from '../projections/envelope/index.js';
import { renderActionRequired, renderFailure } from '../projections/human/index.js';
import type { Failure } from './classify.js';

/**
 * What one run has to say, rendered once (E3, E5, E8): the CLI writes it, an MCP call turns it into
 * its tool result (M4) without reading any text back.
 */
export type RunResult = {
  exitCode: number;
  /** The `--json` envelope as data, when the run answered with one; `text` is its one line. */
  envelope?: Envelope;
  /** Exactly what is printed, without the final newline; empty when there is nothing to print. */
  text: string;
  /** stdout, except human failures and action requests, which a person reads on stderr (E8, A4). */
  stream: 'stdout' | 'stderr';
};

/** Writes a run's result where it belongs, as one line (or block) ending in a newline. */
export function writeResult(streams: { stdout: OutputStream; stderr: OutputStream }, result: RunResult): void {
  if (result.text !== '') streams[result.stream].write(`${result.text}\n`);
}

/** Makes a run's result, as one envelope for `--json` callers or as text for a person (E3, E5, E8). */
export class Reporter {
  constructor(
    private readonly io: Io,
    readonly manifest: Manifest,
    public json: boolean,
  ) {}

  /** Colours for help and human errors, when roundel allows them on that stream (H3). */
  colors(stream: 'stdout' | 'stderr' = 'stderr'): Colors {
    return createColors(colorLevel({ env: this.io.env, isTTY: this.io[stream].isTTY }));
  }

  /** A warning a person should see at once; agents under `--json` read the envelope only. */
  warn(message: string): void {
    if (!this.json) this.io.stderr.write(`${this.colors().yellow('warning:')} ${message}\n`);
  }

  /** `--json --lean`: a success without `meta.provenance` (N5). */
  lean = false;

  envelope(envelope: Envelope, exitCode: number = ExitCode.OK): RunResult {
    const sent = this.lean ? toLeanEnvelope(envelope) : envelope;
    return { exitCode, envelope: sent, text: renderEnvelope(sent), stream: 'stdout' };
  }

  /** An envelope already rendered, when rendering it was the step that could fail. */
  rendered(envelope: Envelope, text: string): RunResult {
    return { exitCode: ExitCode.OK, envelope, text, stream: 'stdout' };
  }

  /** A document that is already JSON and not an envelope (`--schema`), as one line. */
  document(text: string): RunResult {
    return { exitCode: ExitCode.OK, text, stream: 'stdout' };
  }

  /** Plain text for a person, on stdout. */
  text(text: string): RunResult {
    return { exitCode: ExitCode.OK, text: text.endsWith('\n') ? text.slice(0, -1) : text, stream: 'stdout' };
  }

  failure(failure: Failure): RunResult {
    // A fix that repeats the failing line would send an agent round in a loop (P6).
    if (failure.fix !== undefined && failure.fix === writeLine(this.manifest, plainWords(this.io.argv))) {
      delete failure.fix;
    }
    if (this.json) return this.failureEnvelope(failure);
    const debug = this.io.env.BURGEE_DEBUG === '1' && failure.stack !== undefined;
    const text = renderFailure(failure, this.colors());
    return { exitCode: failure.code, text: debug ? `${text}\n${failure.stack}` : text, stream: 'stderr' };
  }

  /** The failure as one envelope; data that JSON cannot hold is left out and the failure says so (E3). */
  private failureEnvelope(failure: Failure): RunResult {
    try {
      return this.envelope(toFailureEnvelope(failure), failure.code);
    } catch (error) {
      const { data: _unwritten, ...rest } = failure;
      const hint = `its data was left out: ${(error as Error).message}`;
      return this.envelope(
        toFailureEnvelope({ ...rest, hint: rest.hint === undefined ? hint : `${rest.hint}; ${hint}` }),
        failure.code,
      );
    }
  }

  actionRequired(request: CheckedActionRequest): RunResult {
    const envelope = toActionRequiredEnvelope(this.manifest.name, request, this.json, this.lean);
    if (this.json) return this.envelope(envelope, ExitCode.CANCELLED);
    return { exitCode: ExitCode.CANCELLED, text: renderActionRequired(envelope, this.colors()), stream: 'stderr' };
  }

  /** A run that ended with `ctx.exit(code)`: nothing for a person, an envelope for `--json` (E7, N2). */
  exit(code: number): RunResult {
    if (!this.json) return { exitCode: code, text: '', stream: 'stdout' };
    if (code === 0) return this.envelope(toSuccessEnvelope(null, {}));
    return this.envelope(toFailureEnvelope({ code, message: `the command exited with code ${code}` }), code);
  }
}
