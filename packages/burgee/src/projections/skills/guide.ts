/**
 * The part of every skill that teaches the contract rather than one command (L1): calling with
 * `--json`, reading the envelope, the exit codes, following `next[]` on exit 4, and what each kind
 * of effect asks of an agent. User-facing text, kept here in one place.
 */
import { ExitCode } from '../../manifest/exit-codes.js';
import type { ManifestEffects } from '../../manifest/types.js';
import { code } from './markdown.js';

/** How `--json` output reads, and what to do with each shape of it. */
export function callingSection(name: string): string {
  return [
    '## Calling it',
    '',
    `- Add \`--json\` to every call of ${code(name)}: stdout is then exactly one JSON line; whatever is meant for people goes to stderr.`,
    '- Success: `{"ok":true,"data":…,"meta":{…}}`. `data` is the result; `meta.changed` says whether an idempotent command changed anything.',
    '- Failure: `{"ok":false,"error":{"code":N,"message":…,"hint"?:…,"fix"?:…}}`. A `fix` is the corrected command line: check it, then run it.',
    '- Exit 4 with `"status":"action_required"`: nothing was done. Tell the user `message`; each `next[]` entry is a `command` to run once its `when` holds (a `confirm` needs the user to agree first).',
    '- Nothing waits for input: a value a person would be asked for at a terminal is a flag you pass.',
    `- ${code(`${name} <command> --schema`)} prints one command's inputs as JSON Schema.`,
  ].join('\n');
}

const CODES: Record<keyof typeof ExitCode, string> = {
  OK: 'success',
  RUNTIME: 'the command failed: read `error.message`',
  USAGE: 'the command line is wrong: use `error.fix` or `error.hint`',
  CONFIG: 'a configuration or file is wrong: `error.message` names it',
  CANCELLED: 'cancelled, or an action is required: follow `next[]`',
  AUTH: 'not signed in or not allowed: ask the user',
  SIGINT: 'interrupted',
};

/** The exit codes of the contract (E1), one line. */
export function exitCodesSection(): string {
  const items = Object.entries(ExitCode).map(([key, code]) => `${code} ${CODES[key as keyof typeof ExitCode]}`);
  return `## Exit codes\n\n${items.join(' · ')}`;
}

const EFFECTS: Record<ManifestEffects, string> = {
  read_only: 'reads only; call it freely.',
  idempotent: 'changes state; running it again changes nothing more, so it is safe to retry.',
  non_idempotent: 'changes state every time it runs: ask the user before you run it, and do not retry it blindly.',
  withheld: 'kept from agents.',
  undeclared: 'its effects are not declared: treat it as changing state and ask the user first.',
};

/** What each kind of effect in this skill means for an agent; only the kinds its commands have. */
export function effectsSection(present: ReadonlySet<ManifestEffects>): string {
  const order: ManifestEffects[] = ['read_only', 'idempotent', 'non_idempotent', 'undeclared'];
  const lines = order.filter((kind) => present.has(kind)).map((kind) => `- \`${kind}\`: ${EFFECTS[kind]}`);
  return `## Effects\n\nEach command says what running it does:\n${lines.join('\n')}`;
}
