import type { Command } from 'commander';
import { optionEnd, plainWords, writeLine } from '../../errors/refusals/command-line.js';
import { didYouMean } from '../../errors/refusals/suggest.js';
import type { HostOutcome } from '../../host/outcome.js';
import { ExitCode } from '../../manifest/exit-codes.js';
import type { Manifest } from '../../manifest/types.js';
import type { ProvenanceEntry } from '../../projections/envelope/index.js';
import { optionOwners } from './manifest.js';

/** What commander throws once `exitOverride` is on: its own code, its exit code, its message. */
export type CommanderFailure = { code: string; exitCode: number; message: string };

/** True for commander's `CommanderError` and its subclasses (by shape: the peer may be another copy than ours). */
export function isCommanderFailure(value: unknown): value is CommanderFailure {
  if (!(value instanceof Error) || !/^(Commander|InvalidArgument)Error$/.test(value.name)) return false;
  const { code, exitCode } = value as Partial<Record<'code' | 'exitCode', unknown>>;
  return typeof code === 'string' && typeof exitCode === 'number';
}

/** Commander's refusals of what was typed: usage errors, exit 2 (E1). */
const USAGE_CODES: ReadonlySet<string> = new Set([
  'commander.unknownOption',
  'commander.unknownCommand',
  'commander.missingArgument',
  'commander.optionMissingArgument',
  'commander.missingMandatoryOptionValue',
  'commander.conflictingOption',
  'commander.excessArguments',
  'commander.invalidArgument',
]);

/** What the run printed through commander's output hooks, kept apart from what the action printed. */
export type Printed = { out: string; err: string };

/**
 * Commander's ways of ending a run, as burgee's outcomes: help and version are data, its refusals
 * of what was typed are usage errors (exit 2), `program.error()` keeps its exit code; each keeps
 * commander's own code under `error.host` (F4).
 */
export function toCommanderOutcome(
  failure: CommanderFailure,
  printed: Printed,
  line: { manifest: Manifest; argv: readonly string[] },
): Exclude<HostOutcome, { kind: 'data' }> {
  const host = { code: failure.code, exitCode: failure.exitCode };
  switch (failure.code) {
    case 'commander.helpDisplayed':
      return { kind: 'shown', what: 'help', text: printed.out };
    case 'commander.version':
      return { kind: 'shown', what: 'version', text: printed.out };
    case 'commander.help': {
      // A group run without its subcommand: commander prints the group's help as the complaint.
      const usage = /^Usage: .*$/m.exec(printed.err)?.[0];
      return {
        kind: 'refused',
        code: ExitCode.USAGE,
        message: `${usage === undefined ? line.manifest.name : usage.slice('Usage: '.length)}: a command is needed`,
        hint: `run it with --help to list its commands`,
        host,
      };
    }
    default: {
      if (USAGE_CODES.has(failure.code))
        return { kind: 'refused', code: ExitCode.USAGE, ...describeRefusal(failure.message, line), host };
      // `program.error(message, { exitCode, code })`: the program chose its exit code.
      const code = failure.exitCode >= 1 && failure.exitCode <= 255 ? failure.exitCode : ExitCode.RUNTIME;
      return { kind: 'refused', code, message: failure.message.replace(/^error: /, ''), host };
    }
  }
}

/** Commander's "error: unknown option '--targt'\n(Did you mean --target?)" as message, hint and fix. */
function describeRefusal(
  text: string,
  line: { manifest: Manifest; argv: readonly string[] },
): { message: string; hint?: string; fix?: string } {
  const [first = text, ...rest] = text.split('\n');
  const message = first.replace(/^error: /, '');
  const suggestion = /^\(Did you mean (\S+)\?\)$/.exec(rest.join(' ').trim())?.[1];
  if (suggestion === undefined) return { message };
  const typed = /'([^']+)'/.exec(message)?.[1];
  const hint = didYouMean([suggestion]);
  if (typed === undefined) return { message, hint };
  const end = optionEnd(plainWords(line.argv));
  let replaced = false;
  const words = line.argv.map((word, i) => {
    if (replaced || i >= end) return word;
    if (word === typed) {
      replaced = true;
      return suggestion;
    }
    if (word.startsWith(`${typed}=`)) {
      replaced = true;
      return `${suggestion}${word.slice(typed.length)}`;
    }
    return word;
  });
  return replaced ? { message, hint, fix: writeLine(line.manifest, plainWords(words)) } : { message, hint };
}

/**
 * Where each option of the command that ran got its value, from commander's own record of it (E6):
 * its own options, then those of the ancestors that read theirs after it (manifest.ts).
 */
export function commanderProvenance(command: Command): Record<string, ProvenanceEntry> {
  const provenance: Record<string, ProvenanceEntry> = {};
  for (const owner of optionOwners(command)) {
    const values = owner.opts();
    for (const option of owner.options) {
      const key = option.attributeName();
      if (key in provenance || values[key] === undefined) continue;
      const source = owner.getOptionValueSource(key);
      if (source === 'cli') provenance[key] = { source: 'flag', location: option.long ?? option.short ?? key };
      else if (source === 'env' && option.envVar !== undefined)
        provenance[key] = { source: 'env', location: option.envVar };
      else if (source === 'config') provenance[key] = { source: 'config' };
      else if (source !== undefined) provenance[key] = { source: 'default' };
    }
  }
  return provenance;
}
