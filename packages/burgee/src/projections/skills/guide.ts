/**
 * The part of a skill that teaches the contract rather than one command (L1), written once in the
 * root `SKILL.md` and nowhere else: calling with `--json`, the envelope, following `next[]` on exit 4,
 * the exit codes, what each kind of effect asks of an agent, and how an option line reads.
 * User-facing text, kept here in one place.
 */
import { ExitCode } from '../../manifest/exit-codes.js';
import type { ManifestEffects } from '../../manifest/types.js';
import { code } from './markdown.js';

const CODES: Record<keyof typeof ExitCode, string> = {
  OK: 'success',
  RUNTIME: 'failed',
  USAGE: 'wrong command line: use `fix` or `hint`',
  CONFIG: 'a configuration or file is wrong',
  CANCELLED: 'cancelled, or an action is required',
  AUTH: 'not signed in or not allowed: ask the user',
  SIGINT: 'interrupted',
};

const EFFECTS: Record<ManifestEffects, string> = {
  read_only: 'reads only: call it freely',
  idempotent: 'changes state; safe to retry',
  non_idempotent: 'changes state on every run: ask the user first, never retry blindly',
  withheld: 'kept from agents',
  undeclared: 'not declared: treat it as changing state and ask the user first',
};

const ORDER: ManifestEffects[] = ['read_only', 'idempotent', 'non_idempotent', 'undeclared'];

/**
 * How to call the program and read what it answers; `effects` are the kinds its commands have, so
 * only those are explained.
 */
export function callingSection(name: string, effects: ReadonlySet<ManifestEffects>): string {
  const codes = Object.entries(ExitCode).map(([key, n]) => `${n} ${CODES[key as keyof typeof ExitCode]}`);
  const kinds = ORDER.filter((kind) => effects.has(kind)).map((kind) => `\`${kind}\` ${EFFECTS[kind]}`);
  return [
    '## Calling it',
    '',
    `Add \`--json --lean\` to every call: stdout is then one JSON line (\`--json\` alone adds \`meta.provenance\`: where each value came from); text for people goes to stderr. Nothing prompts: pass values as flags. ${code(`${name} <command> --schema`)} gives a command's inputs as JSON Schema.`,
    '- Success: `{"ok":true,"data":…}`; `meta.changed` says whether an idempotent command changed anything.',
    '- Failure: `{"ok":false,"error":{"code":N,"message":…,"hint"?:…,"fix"?:…}}`; `message` says why; `fix` is the corrected command line: check it, then run it.',
    '- Exit 4 with `"status":"action_required"`: nothing was done. Tell the user `message`; run each `next[]` `command` once its `when` holds (for `"reason":"confirm"`, once the user agrees).',
    `- Exit codes, also \`error.code\`: ${codes.join(' · ')}.`,
    `- Effects, after each usage line: ${kinds.join(' · ')}.`,
    '- Usage lines spell the flags a call needs (`<x>` required, `[x]` optional). An option takes a string unless noted; one without `<…>` is a switch.',
  ].join('\n');
}
