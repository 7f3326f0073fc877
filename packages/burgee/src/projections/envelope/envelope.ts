/** Where one option's value came from, as the envelope publishes it (E6). */
export type ProvenanceEntry = {
  source: 'flag' | 'env' | 'config' | 'default' | 'prompt';
  location?: string;
  redacted?: true;
};

export type SuccessEnvelope = {
  ok: true;
  data: unknown;
  meta: { provenance: Record<string, ProvenanceEntry>; changed?: boolean };
  /** The commands that follow this one, where burgee itself knows them (a detached task's, B3). */
  next?: NextStep[];
};

/** One runnable next step: a command line, program name first, and when to run it. */
export type NextStep = { command: string; when?: string };

export type ErrorBody = {
  code: number;
  message: string;
  hint?: string;
  fix?: string;
  usage?: {
    command: string;
    options?: { name: string; description: string }[];
    commands?: { name: string; description: string }[];
  };
};

/** A failure (E5); `data` when the command had something to show for it (a checker's findings). */
export type FailureEnvelope = { ok: false; data?: unknown; error: ErrorBody };

export type ActionRequiredEnvelope = {
  ok: false;
  status: 'action_required';
  reason: string;
  message: string;
  next: NextStep[];
  hint?: string;
  error: { code: 4; message: string };
};

/** A success as `--json --lean` gives it: no provenance; `meta` only for an idempotent command's `changed`. */
export type LeanSuccessEnvelope = { ok: true; data: unknown; meta?: { changed: boolean }; next?: NextStep[] };

export type Envelope = SuccessEnvelope | LeanSuccessEnvelope | FailureEnvelope | ActionRequiredEnvelope;

/** The success envelope (E3, E4); `changed` only for idempotent commands. */
export function toSuccessEnvelope(
  data: unknown,
  provenance: Record<string, ProvenanceEntry>,
  changed?: boolean,
): SuccessEnvelope {
  const meta: SuccessEnvelope['meta'] = { provenance };
  if (changed !== undefined) meta.changed = changed;
  return { ok: true, data: data === undefined ? null : data, meta };
}

/** An envelope as `--json --lean` prints it: a success loses `meta.provenance`; a failure is unchanged. */
export function toLeanEnvelope(envelope: Envelope): Envelope {
  if (!envelope.ok || envelope.meta === undefined) return envelope;
  const changed = envelope.meta.changed;
  const lean: LeanSuccessEnvelope =
    changed === undefined ? { ok: true, data: envelope.data } : { ok: true, data: envelope.data, meta: { changed } };
  if ('next' in envelope && envelope.next !== undefined) lean.next = envelope.next;
  return lean;
}

/** The failure envelope (E5), keys in contract order: `data`, when there is any, before `error`. */
export function toFailureEnvelope(failure: ErrorBody & { data?: unknown }): FailureEnvelope {
  const error: ErrorBody = { code: failure.code, message: failure.message };
  if (failure.hint !== undefined) error.hint = failure.hint;
  if (failure.fix !== undefined) error.fix = failure.fix;
  if (failure.usage !== undefined) error.usage = failure.usage;
  return failure.data === undefined ? { ok: false, error } : { ok: false, data: failure.data, error };
}

/**
 * The action-required envelope (A4): every next command gets the program name in
 * front and, for `--json` callers, ` --json` at the end, never twice; for a caller that asked for
 * `--json --lean`, ` --lean` too, so following the step keeps the envelope it asked for (N5).
 */
export function toActionRequiredEnvelope(
  program: string,
  request: { reason: string; message: string; next: readonly { command: string; when?: string }[]; hint?: string },
  json: boolean,
  lean = false,
): ActionRequiredEnvelope {
  const next = request.next.map((step) => {
    const out: { command: string; when?: string } = { command: nextCommand(program, step.command, json, lean) };
    if (step.when !== undefined) out.when = step.when;
    return out;
  });
  const envelope: ActionRequiredEnvelope = {
    ok: false,
    status: 'action_required',
    reason: request.reason,
    message: request.message,
    next,
    error: { code: 4, message: request.message },
  };
  if (request.hint !== undefined) {
    const { error, ...rest } = envelope;
    return { ...rest, hint: request.hint, error };
  }
  return envelope;
}

function nextCommand(program: string, command: string, json: boolean, lean: boolean): string {
  const trimmed = command.trim();
  const named = trimmed === program || trimmed.startsWith(`${program} `) ? trimmed : `${program} ${trimmed}`;
  const added = [...(json ? ['--json'] : []), ...(json && lean ? ['--lean'] : [])].filter(
    (flag) => !new RegExp(`(^|\\s)${flag}(\\s|$)`).test(named),
  );
  return [named, ...added].join(' ');
}

/** One compact JSON line, without the newline the runtime adds. */
export const renderEnvelope = (envelope: Envelope): string => JSON.stringify(envelope);
