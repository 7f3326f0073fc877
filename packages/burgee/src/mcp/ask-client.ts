import { manifestOf } from '../declaration/to-manifest.js';
import type { Program } from '../declaration/types.js';
import { ExitCode } from '../manifest/exit-codes.js';
import type { ManifestCommand, ManifestOption } from '../manifest/types.js';
import { hasOutputSchema } from '../projections/mcp/output-schema.js';
import { CONFIRM_FIELD, type QuestionForm, toConfirmForm, toQuestionForm } from '../projections/mcp/questions.js';
import { splitShellLine } from '../text/shell-words.js';
import { withNextCalls } from './next-calls.js';
import { mintState, readState, type StatePayload, type StateRefusal } from './request-state.js';
import { type CallRequest, callTool, runCall, type ToolCallSettings, timedOut } from './tool-call.js';
import { envelopeOf, failed, type ToolResult } from './tool-result.js';

/** A client's answer to one form: accepted with its content, declined, cancelled; or none in time. */
export type FormAnswer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } | 'timeout';

/**
 * How this call may ask its client (Q1). The 2025 era asks while the call runs (`elicit`); the
 * 2026-07-28 revision answers with an `InputRequiredResult` and the client retries the call with
 * `inputResponses` and the signed `requestState` it was given.
 */
export type Asking = {
  /** The shared key of BURGEE_MCP_STATE_KEY; undefined: this process's own. */
  key: Buffer | undefined;
  elicit?: ((form: QuestionForm, timeoutMs: number) => Promise<FormAnswer>) | undefined;
  inputResponses?: Record<string, unknown> | undefined;
  requestState?: string | undefined;
};

/** MCP's `InputRequiredResult` (2026-07-28): the forms to answer, and the state to send back. */
export type InputRequired = {
  resultType: 'input_required';
  inputRequests: Record<string, { method: 'elicitation/create'; params: QuestionForm }>;
  requestState: string;
};

/** The keys of `inputRequests`: the options' form, the confirmation's. */
const ANSWERS = 'answers';
const CONFIRM = 'confirm';

/** How often a 2025-era call asks again for answers that were refused, before it refuses them itself. */
const MAX_ASKS = 4;

/** One tool call whose client can be asked: the call, its tool name and arguments, and how to ask. */
export type AskedCall = {
  program: Program;
  command: ManifestCommand;
  tool: string;
  args: Record<string, unknown>;
  settings: ToolCallSettings;
  request: CallRequest;
  asking: Asking;
};

/**
 * Runs a tool call whose client can be asked: a prompt-bound option without a value becomes a
 * question (Q1), a confirmation a yes/no question (Q4); a declined question is the exit-4 envelope
 * a person's Esc gives (Q3). A `requestState` that does not verify is refused (the server says why).
 */
export async function callAsking(call: AskedCall): Promise<ToolResult | InputRequired | StateRefusal> {
  const { asking, tool, args } = call;
  const structured = hasOutputSchema(call.command);
  const started = performance.now();
  const program = manifestOf(call.program).name;
  const state =
    asking.requestState === undefined
      ? undefined
      : await readState(asking.key, asking.requestState, { program, tool, args });
  if (state !== undefined && 'refused' in state) return state;
  if (state?.asked.kind === 'confirm') return answerConfirm(call, state.asked, asking.inputResponses?.[CONFIRM]);
  let given = state?.asked.given;
  const response = state === undefined ? undefined : formResponse(asking.inputResponses?.[ANSWERS]);
  if (response?.action === 'accept') given = { ...given, ...response.content };
  else if (response !== undefined) return declined(structured);
  for (let round = 1; ; round++) {
    const pending: { options?: readonly ManifestOption[]; problems?: readonly string[] } = {};
    const answers = {
      given,
      ask: (options: readonly ManifestOption[], problems: readonly string[]): never => {
        Object.assign(pending, { options, problems });
        throw new QuestionsPending();
      },
    };
    const result = await callTool(call.program, call.command, args, call.settings, { ...call.request, answers });
    if (pending.options === undefined) return confirmOrAnswer(call, result, started);
    const form = toQuestionForm(manifestOf(call.program).name, call.command, pending.options, pending.problems);
    const keys = pending.options.map((option) => option.key);
    if (asking.elicit === undefined)
      return inputRequired(call, ANSWERS, form, { kind: 'options', keys, ...kept(given, keys) });
    if (round > MAX_ASKS) return refused(pending.problems ?? [], structured);
    const answer = await asking.elicit(form, left(started, call.settings.timeoutMs));
    if (answer === 'timeout') return failed(timedOut(call.settings.timeoutMs), '', structured);
    if (answer.action !== 'accept') return declined(structured);
    given = { ...given, ...answer.content };
  }
}

/** What `ask` throws out of the run, which the call then answers with a question instead. */
class QuestionsPending extends Error {}

/** A run that ended asking for confirmation, over a client that can be asked: the yes/no question (Q4). */
async function confirmOrAnswer(
  call: AskedCall,
  result: ToolResult,
  started: number,
): Promise<ToolResult | InputRequired> {
  const step = confirmStep(manifestOf(call.program).name, result);
  if (step === undefined) return result;
  const form = toConfirmForm(step.message, step.line);
  const envelope = result.content[0]!.text;
  if (call.asking.elicit === undefined) {
    return inputRequired(call, CONFIRM, form, { kind: 'confirm', argv: step.argv, envelope });
  }
  const answer = await call.asking.elicit(form, left(started, call.settings.timeoutMs));
  if (answer === 'timeout') return failed(timedOut(call.settings.timeoutMs), '', hasOutputSchema(call.command));
  return confirmed(answer) ? runStep(call, step.argv) : result;
}

/** The retry of a confirmation (2026-07-28): yes runs the next step, no returns the exit-4 envelope; no answer asks again. */
async function answerConfirm(
  call: AskedCall,
  asked: Extract<StatePayload['asked'], { kind: 'confirm' }>,
  entry: unknown,
): Promise<ToolResult | InputRequired> {
  const response = formResponse(entry);
  if (response === undefined) {
    const step = confirmStep(manifestOf(call.program).name, toResult(call, asked.envelope));
    if (step !== undefined) return inputRequired(call, CONFIRM, toConfirmForm(step.message, step.line), asked);
  }
  if (response !== undefined && confirmed(response)) return runStep(call, asked.argv);
  return toResult(call, asked.envelope);
}

/** Runs the confirmed step as its tool call would run (M4), its own next steps' calls included (Q6). */
const runStep = async (call: AskedCall, argv: readonly string[]): Promise<ToolResult> => {
  const result = await runCall(call.program, argv, call.settings, call.request, hasOutputSchema(call.command));
  return withNextCalls(manifestOf(call.program), result);
};

const confirmed = (answer: Exclude<FormAnswer, 'timeout'>): boolean =>
  answer.action === 'accept' && answer.content?.[CONFIRM_FIELD] === true;

/** The first next step of a `confirm` action request, when it runs a command of this program. */
function confirmStep(
  programName: string,
  result: ToolResult,
): { argv: string[]; line: string; message: string } | undefined {
  // A confirmation is an exit-4 failure: a success's text is never read back for one.
  if (!result.isError) return undefined;
  const envelope = envelopeOf(result) as {
    status?: unknown;
    reason?: unknown;
    message?: unknown;
    next?: unknown;
  };
  if (envelope.status !== 'action_required' || envelope.reason !== 'confirm') return undefined;
  // Only a step that runs a tool of this program, as the call beside it says (Q6), runs on a yes.
  const step = (envelope.next as { command?: unknown; tool?: unknown }[] | undefined)?.[0];
  if (typeof step?.command !== 'string' || step.tool === undefined) return undefined;
  const command = step.command;
  const split = splitShellLine(command);
  if (!split.ok || split.words[0] !== programName || split.rest !== undefined) return undefined;
  // The person reads the command line they would type; the call runs it as a --json caller (M4).
  return { argv: split.words.slice(1), line: command.replace(/ --json$/, ''), message: String(envelope.message) };
}

async function inputRequired(
  call: AskedCall,
  key: string,
  form: QuestionForm,
  asked: StatePayload['asked'],
): Promise<InputRequired> {
  const program = manifestOf(call.program).name;
  const requestState = await mintState(call.asking.key, { program, tool: call.tool, args: call.args, asked });
  return {
    resultType: 'input_required',
    inputRequests: { [key]: { method: 'elicitation/create', params: form } },
    requestState,
  };
}

/** One entry of `inputResponses` read as a form's answer; undefined when it is not one (asked again). */
export function formResponse(entry: unknown): Exclude<FormAnswer, 'timeout'> | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { action, content } = entry as { action?: unknown; content?: unknown };
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return undefined;
  if (action !== 'accept') return { action };
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return undefined;
  return { action, content: content as Record<string, unknown> };
}

/**
 * Declined or cancelled: what a person's Esc gives at a terminal (Q3), caique's CANCELLED, whose
 * words are repeated here so that the server does not load the prompt library for them.
 */
export const declined = (structured: boolean): ToolResult =>
  failed({ code: ExitCode.CANCELLED, message: 'cancelled at the prompt' }, '', structured);

/** Answers refused time after time: the first one's refusal, in the flag's words, as on the CLI (P6). */
const refused = (problems: readonly string[], structured: boolean): ToolResult =>
  failed(
    {
      code: ExitCode.USAGE,
      message: problems[0] ?? 'the answers were refused',
      hint: problems.slice(1).join('; ') || 'pass the values as arguments',
    },
    '',
    structured,
  );

/** The answers that passed, kept in the state so a form asks again only for the others. */
function kept(
  given: Record<string, unknown> | undefined,
  asked: readonly string[],
): { given?: Record<string, unknown> } {
  const keep = Object.entries(given ?? {}).filter(([key]) => !asked.includes(key));
  return keep.length === 0 ? {} : { given: Object.fromEntries(keep) };
}

const left = (started: number, timeoutMs: number): number => Math.max(1, timeoutMs - (performance.now() - started));

/** The exit-4 result kept in a confirmation's state, as the call gave it (its next steps' calls included, Q6). */
function toResult(call: AskedCall, envelope: string): ToolResult {
  const content = [{ type: 'text' as const, text: envelope }];
  const result: ToolResult = hasOutputSchema(call.command)
    ? { content, structuredContent: JSON.parse(envelope), isError: true }
    : { content, isError: true };
  return withNextCalls(manifestOf(call.program), result);
}
