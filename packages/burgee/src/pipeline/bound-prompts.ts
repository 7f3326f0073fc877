import type { Binding } from 'caique';
import type { OptionSpec } from '../declaration/types.js';
import { promptFix, type Scene, schemaRefused } from '../errors/refusals/index.js';
import { splitValues } from '../manifest/split-values.js';
import type { ManifestOption, Scalar } from '../manifest/types.js';
import type { Io, PromptAnswers } from '../process/io.js';
import { isAskable } from '../projections/mcp/questions.js';
import { type RunBinding, runBinding } from './ask.js';
import { checkRange, coerce } from './coerce.js';
import type { Resolved } from './resolve.js';

type Caique = typeof import('caique');

type Unanswered = {
  scene: Scene;
  resolved: Resolved;
  io: Io;
  json: boolean;
  specs?: Readonly<Record<string, OptionSpec>> | undefined;
};

/**
 * Asks for every prompt-bound option no layer gave, in declaration order, or lets caique refuse
 * (exit 2) naming the flag. caique loads only here; clack only when a person is actually asked.
 * Over MCP, a client that can be asked answers instead (Q1), unless a secret is among them (Q2).
 */
export async function askUnanswered({ scene, resolved, io, json, specs = {} }: Unanswered): Promise<void> {
  const unanswered = resolved.unanswered ?? [];
  if (unanswered.length === 0) return;
  if (io.answers !== undefined && (io.answers.secrets === true || unanswered.every(isAskable))) {
    return takeAnswers(io.answers, unanswered, resolved, specs);
  }
  const caique = await import('caique');
  const run = runBinding(io, json, resolved.options);
  const missing = unanswered.filter((o) => !(run.yes === true && o.prompt?.kind === 'confirm'));
  const fix = promptFix(scene, missing);
  for (const option of unanswered) {
    resolved.options[option.key] = await askOne(caique, option, { ...run, flag: option.flag, fix });
    resolved.provenance[option.key] = { source: 'prompt' };
  }
}

function askOne(
  caique: Caique,
  option: ManifestOption,
  binding: RunBinding & Pick<Binding<unknown>, 'flag' | 'fix'>,
): Promise<Scalar | Scalar[]> {
  const prompt = option.prompt!;
  const choices = (option.choices ?? []).map((value) => ({ value }));
  const typed = { message: prompt.message, ...binding };
  switch (prompt.kind) {
    case 'confirm':
      return caique.confirm(typed);
    case 'select':
      return caique.select<Scalar>({ ...typed, options: choices });
    case 'multiselect':
      return caique.multiselect<Scalar>({ ...typed, options: choices, required: true });
    case 'path':
      return caique.path(typed);
    case 'password':
      return caique
        .password({ ...typed, validate: (raw) => problemOf(option, raw) })
        .then((raw) => typedValue(option, raw));
    case 'text':
      return caique
        .text({ ...typed, validate: (raw) => problemOf(option, raw) })
        .then((raw) => typedValue(option, raw));
  }
}

// What a person types is read as a flag's value would be: the same types, bounds and messages (P4, P6).
function read(option: ManifestOption, raw: string) {
  const value = option.multiple ? splitValues(option, raw).map((part) => part.trim()) : raw;
  return coerce(option, { source: 'flag', raw: value });
}

function problemOf(option: ManifestOption, raw: string): string | undefined {
  if (raw.trim() === '') return `${option.flag} needs a value`;
  const typed = read(option, raw);
  if ('problem' in typed) return typed.problem.message;
  return checkRange(option, typed.value)?.message;
}

function typedValue(option: ManifestOption, raw: string): Scalar | Scalar[] {
  const typed = read(option, raw);
  // The prompt's own validation already refused anything else.
  return 'problem' in typed ? raw : typed.value;
}

/**
 * Fills the options from the client's answers, each checked as the flag's value would be (type,
 * choices, bounds, Standard Schema; P6), with provenance `prompt`; asks for what is missing or wrong.
 */
async function takeAnswers(
  answers: PromptAnswers,
  unanswered: readonly ManifestOption[],
  resolved: Resolved,
  specs: Readonly<Record<string, OptionSpec>>,
): Promise<void> {
  const yes = resolved.options.yes === true;
  const ask: ManifestOption[] = [];
  const problems: string[] = [];
  for (const option of unanswered) {
    // --yes answers confirms, as at a terminal (A6).
    const raw = yes && option.prompt?.kind === 'confirm' ? true : answers.given?.[option.key];
    const checked = raw === undefined ? undefined : await checkAnswer(option, raw, specs[option.key]);
    if (checked === undefined || 'problem' in checked) {
      ask.push(option);
      if (checked !== undefined) problems.push(checked.problem);
      continue;
    }
    resolved.options[option.key] = checked.value;
    resolved.provenance[option.key] = { source: 'prompt' };
  }
  if (ask.length > 0) answers.ask(ask, problems);
}

type Checked = { value: Scalar | Scalar[] } | { problem: string };

/** One answer read as the flag's value: the flag's own messages when it is not one. */
async function checkAnswer(option: ManifestOption, raw: unknown, spec: OptionSpec | undefined): Promise<Checked> {
  if (typeof raw === 'string' && raw.trim() === '') return { problem: `${option.flag} needs a value` };
  const split = option.multiple && typeof raw === 'string' ? splitValues(option, raw).map((p) => p.trim()) : raw;
  const typed = coerce(option, { source: 'flag', location: option.flag, raw: split });
  if ('problem' in typed) return { problem: typed.problem.message };
  const range = checkRange(option, typed.value);
  if (range !== undefined) return { problem: range.message };
  if (spec?.schema === undefined) return typed;
  const result = await spec.schema['~standard'].validate(typed.value);
  if (result.issues === undefined) return { value: result.value as Scalar | Scalar[] };
  return { problem: schemaRefused(option, result.issues, [raw]).message };
}
