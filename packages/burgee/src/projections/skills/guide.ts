/**
 * The part of a skill that teaches the contract rather than one command (L1), written once in the
 * root `SKILL.md` and nowhere else: calling with `--json`, the envelope, following `next[]` on exit 4,
 * the exit codes, what each kind of effect asks of an agent, and how an option line reads.
 * User-facing text, kept here in one place. An agent reads it before every task with the program,
 * so each fact is one clause (N5); the shapes are written as JSON where the agent will match them,
 * and as field lists where only the names matter.
 */
import { ExitCode } from '../../manifest/exit-codes.js';
import type { ManifestEffects } from '../../manifest/types.js';
import { code } from './markdown.js';

const CODES: Record<keyof typeof ExitCode, string> = {
  OK: 'ok',
  RUNTIME: 'failed',
  USAGE: 'bad usage (see `fix`, `hint`)',
  CONFIG: 'bad config or file',
  CANCELLED: 'cancelled or action required',
  AUTH: 'not signed in or allowed (ask the user)',
  SIGINT: 'interrupted',
};

const EFFECTS: Record<ManifestEffects, string> = {
  read_only: 'call freely',
  idempotent: 'safe to retry',
  non_idempotent: 'ask the user first, never retry blindly',
  withheld: 'kept from agents',
  undeclared: 'not declared: as `non_idempotent`',
};

const ORDER: ManifestEffects[] = ['read_only', 'idempotent', 'non_idempotent', 'undeclared'];

/**
 * How to call the program and read what it answers; `effects` are the kinds its commands have, so
 * only those are explained; `tasks` when some command may run as a task (B3).
 */
export function callingSection(name: string, effects: ReadonlySet<ManifestEffects>, tasks = false): string {
  const codes = Object.entries(ExitCode).map(([key, n]) => `${n} ${CODES[key as keyof typeof ExitCode]}`);
  const kinds = ORDER.filter((kind) => effects.has(kind)).map((kind) => `\`${kind}\` ${EFFECTS[kind]}`);
  return [
    'Call with `--json --lean` (`--json` alone adds `meta.provenance`): one JSON line on stdout, text for people on stderr. Nothing prompts: pass values as flags.',
    '- `{"ok":true,"data":…}`, with `meta.changed` on idempotent commands.',
    '- `{"ok":false,"error":{code,message,hint?,fix?}}`: `fix` is the corrected command line; check it, then run it.',
    '- Exit 4, `"status":"action_required"`: nothing done; tell the user `message`, run each `next[].command` once its `when` holds (`"reason":"confirm"`: once the user agrees).',
    `- Exit codes (\`error.code\`): ${codes.join(', ')}.`,
    `- Effects: ${kinds.join('; ')}.`,
    ...(tasks
      ? [
          `- \`task\`: may run long. Add \`--detach\`: it prints the task's \`id\` at once; ${code(`${name} tasks status <id>`)} shows progress, \`tasks result <id>\` waits and prints the command's own envelope, \`tasks cancel <id>\` stops it.`,
        ]
      : []),
    `- \`<x>\` required, \`[x]\` optional, options are strings unless noted; ${code(`${name} <command> --schema`)} gives its JSON Schema.`,
  ].join('\n');
}
