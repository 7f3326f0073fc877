import { optionEnd, plainWords, writeLine } from '../../errors/refusals/command-line.js';
import { didYouMean, suggest } from '../../errors/refusals/suggest.js';
import type { HostOutcome } from '../../host/outcome.js';
import { findCommand } from '../../manifest/commands.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../../manifest/types.js';
import type { ProvenanceEntry } from '../../projections/envelope/index.js';

/** How one yargs parse ended: its callback's error, argv and captured text, or what it threw. */
export type Ended = { error?: unknown; argv?: unknown; output: string } | { thrown: unknown };

/** The run a parse ended: the program's manifest, and the words and environment yargs read. */
type Line = { manifest: Manifest; argv: readonly string[]; env: Readonly<Record<string, string | undefined>> };

/** yargs' name for its refusals, kept under `error.host` (F4): yargs has no codes of its own. */
const YARGS_FAIL = { code: 'yargs.fail', exitCode: 1 };

/**
 * A yargs run as burgee's outcome: help and version are data, validation failures and `.fail()`
 * are usage errors (exit 2), a handler's return value is data.
 */
export function yargsOutcome(
  ended: Ended,
  ran: { path: string[]; value: unknown; argv?: unknown } | undefined,
  line: Line,
): HostOutcome {
  if ('thrown' in ended) return { kind: 'thrown', error: ended.thrown };
  if (ended.error !== undefined) {
    if (ended.error instanceof Error && ended.error.name !== 'YError') return { kind: 'thrown', error: ended.error };
    return refusal(describe(ended.error), line);
  }
  const parsed = (ended.argv ?? {}) as Record<string, unknown>;
  if (ended.output !== '' && ran === undefined) {
    return {
      kind: 'shown',
      what: parsed.version === true && parsed.help !== true ? 'version' : 'help',
      text: `${ended.output}\n`,
    };
  }
  const command = ran === undefined ? undefined : findCommand(line.manifest.root, ran.path);
  return {
    kind: 'data',
    data: ran?.value ?? null,
    provenance: command === undefined ? {} : provenance(command, line),
    command,
  };
}

function refusal(message: string, line: Line): HostOutcome {
  // `.recommendCommands()` fails with only "Did you mean deploy?": name the word it could not place.
  if (/^Did you mean \S+\?$/.test(message)) {
    const word = unplaced(line.manifest, line.argv);
    if (word !== undefined) return refusal(`Unknown argument: ${word}`, line);
  }
  const unknown = /^Unknown arguments?: (.+)$/.exec(message)?.[1]?.split(', ')[0];
  if (unknown === undefined) return { kind: 'refused', code: ExitCode.USAGE, message, host: YARGS_FAIL };
  const command = reached(line.manifest, line.argv);
  const typed = unknown.length === 1 ? `-${unknown}` : `--${unknown}`;
  const flags = command.options.filter((o) => !o.hidden).map((o) => o.flag);
  const names = command.commands.filter((c) => !c.hidden).map((c) => c.name);
  const isWord = line.argv.includes(unknown);
  const matches = suggest(isWord ? unknown : typed, isWord ? names : flags);
  if (matches.length === 0) return { kind: 'refused', code: ExitCode.USAGE, message, host: YARGS_FAIL };
  const hint = didYouMean(matches);
  if (matches.length > 1) return { kind: 'refused', code: ExitCode.USAGE, message, hint, host: YARGS_FAIL };
  const wrong = isWord ? unknown : typed;
  const end = optionEnd(plainWords(line.argv));
  const words = line.argv.map((w, i) =>
    i >= end ? w : w === wrong ? matches[0]! : w.startsWith(`${wrong}=`) ? `${matches[0]}${w.slice(wrong.length)}` : w,
  );
  const fix = writeLine(line.manifest, plainWords(words));
  return { kind: 'refused', code: ExitCode.USAGE, message, hint, fix, host: YARGS_FAIL };
}

/** The first word before `--` that names no command where it stands, if any. */
function unplaced(manifest: Manifest, argv: readonly string[]): string | undefined {
  let node = manifest.root;
  for (const word of argv.slice(0, optionEnd(plainWords(argv)))) {
    if (word.startsWith('-')) continue;
    const next = node.commands.find((c) => c.name === word);
    if (next === undefined) return node.commands.length > 0 ? word : undefined;
    node = next;
  }
  return undefined;
}

/** The deepest command the words before `--` name. */
function reached(manifest: Manifest, argv: readonly string[]): ManifestCommand {
  let node = manifest.root;
  for (const word of argv.slice(0, optionEnd(plainWords(argv)))) {
    const next = node.commands.find((c) => c.name === word);
    if (next !== undefined) node = next;
  }
  return node;
}

/**
 * Where each option got its value, in yargs' order: typed, else its `.env()` variable when set, else
 * its default (E6); yargs keeps no record of its own.
 */
function provenance(command: ManifestCommand, line: Line): Record<string, ProvenanceEntry> {
  const words = line.argv.slice(0, optionEnd(plainWords(line.argv)));
  const out: Record<string, ProvenanceEntry> = {};
  for (const option of command.options) {
    if (typedFlag(option, words)) out[option.key] = { source: 'flag', location: option.flag };
    else if (option.env !== undefined && line.env[option.env] !== undefined)
      out[option.key] = { source: 'env', location: option.env };
    else if (option.default !== undefined) out[option.key] = { source: 'default' };
  }
  return out;
}

/** True when one of the words before `--` sets the option: its flag, its `--no-` form, its key, or its short letter. */
export function typedFlag(option: ManifestOption, words: readonly string[]): boolean {
  const forms = [option.flag, `--no-${option.flag.slice(2)}`, `--${option.key}`];
  return words.some(
    (w) =>
      forms.some((f) => w === f || w.startsWith(`${f}=`)) ||
      (option.short !== undefined && /^-[^-]/.test(w) && w.slice(1).includes(option.short)),
  );
}

function describe(value: unknown): string {
  if (value instanceof Error && value.message !== '') return value.message;
  return typeof value === 'string' && value !== '' ? value : 'the command line was refused';
}
