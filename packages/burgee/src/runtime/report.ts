import { type Colors, colorLevel, createColors } from 'roundel';
import type { ActionRequest } from '../declaration/types.js';
import type { Manifest } from '../manifest/types.js';
import {
  type Envelope,
  renderEnvelope,
  toActionRequiredEnvelope,
  toFailureEnvelope,
} from '../projections/envelope/index.js';
import { renderActionRequired, renderFailure } from '../projections/human/index.js';
import type { Failure } from './classify.js';
import type { Io } from './io.js';

/** Writes what a run has to say, as one envelope on stdout or as human text (E3, E5, E8). */
export class Reporter {
  constructor(
    private readonly io: Io,
    private readonly manifest: Manifest,
    public json: boolean,
  ) {}

  /** Colours for help and human errors on stderr, when roundel allows them (H3). */
  colors(stream: 'stdout' | 'stderr' = 'stderr'): Colors {
    return createColors(colorLevel({ env: this.io.env, isTTY: this.io[stream].isTTY }));
  }

  envelope(envelope: Envelope): void {
    this.io.stdout.write(`${renderEnvelope(envelope)}\n`);
  }

  /** A document that is already JSON (an envelope or the schema), printed as one line. */
  document(text: string): void {
    this.io.stdout.write(`${text}\n`);
  }

  /** Plain text for a person, on stdout. */
  text(text: string): void {
    if (text !== '') this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A warning a person should see; agents under --json read the envelope only. */
  warn(message: string): void {
    if (!this.json) this.io.stderr.write(`${this.colors().yellow('warning:')} ${message}\n`);
  }

  failure(failure: Failure): number {
    const debug = this.io.env.BURGEE_DEBUG === '1' && failure.stack !== undefined;
    if (this.json) {
      this.envelope(toFailureEnvelope(failure));
    } else {
      this.io.stderr.write(`${renderFailure(failure, this.colors())}\n`);
      if (debug) this.io.stderr.write(`${failure.stack}\n`);
    }
    return failure.code;
  }

  actionRequired(request: ActionRequest): number {
    const envelope = toActionRequiredEnvelope(this.manifest.name, request, this.json);
    if (this.json) this.envelope(envelope);
    else this.io.stderr.write(`${renderActionRequired(envelope, this.colors())}\n`);
    return 4;
  }
}
