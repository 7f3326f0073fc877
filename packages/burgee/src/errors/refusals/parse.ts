/**
 * Refusals of what the parser cannot read (P4, P6, E8): each returns its message, hint and fix as
 * data, and the runtime throws it as a usage error of the command it names.
 */
import {
  findGlobal,
  type GlobalFlag,
  globalFlag,
  HELP_COMMAND_LIMIT,
  programGlobals,
  validAt,
} from '../../manifest/globals.js';
import type { ManifestCommand, ManifestOption } from '../../manifest/types.js';
import { insertWords, optionEnd, replaceWord, type Word, writeLine } from './command-line.js';
import { commandName, type Refusal, type Scene } from './refusal.js';
import { didYouMean, suggest } from './suggest.js';

/**
 * `--targt`: suggests the closest of the flags valid there (beside the global flags `given`) and,
 * when exactly one is close, fixes that word in place. Words after `--` are never corrected.
 */
export function unknownOption(scene: Scene, index: number, flag: string, given: (name: string) => boolean): Refusal {
  const where = commandName(scene.manifest, scene.command);
  const candidates = flagsValidAt(scene, given);
  const matches = flag.startsWith('--')
    ? suggest(
        flag,
        candidates.map((c) => c.flag),
      )
    : [];
  const refusal: Refusal = {
    message: `unknown option ${flag} for ${where}`,
    hint: matches.length > 0 ? didYouMean(matches) : `run ${where} --help to see its options`,
  };
  if (matches.length === 1 && index < optionEnd(scene.words)) {
    const match = candidates.find((c) => c.flag === matches[0])!;
    const typed = scene.words[index]!.text;
    const inline = typed.startsWith(`${flag}=`);
    const text = inline ? `${match.flag}${typed.slice(flag.length)}` : match.flag;
    const at = match.flag.length + 1;
    // A mistyped secret (`--tokn=…`) is still a secret: its value stays out of the fix line.
    const word: Word = !inline
      ? { text }
      : match.option !== undefined
        ? { text, of: match.option, at }
        : match.secret === true
          ? { text, at, secret: true }
          : { text };
    refusal.fix = writeLine(scene.manifest, replaceWord(scene.words, index, word));
  }
  return refusal;
}

type Candidate = { flag: string; option?: ManifestOption; secret?: boolean };

/** Every flag valid on the command, beside the global flags `given`: what a typo is compared with. */
function flagsValidAt(scene: Scene, given: (name: string) => boolean): Candidate[] {
  const options = scene.command.options
    .filter((o) => !o.hidden)
    .flatMap((option) => [
      { flag: option.flag, option },
      ...(option.negatable ? [{ flag: `--no-${option.flag.slice(2)}` }] : []),
    ]);
  const globals = programGlobals(scene.manifest)
    .filter((row) => row.spells !== true && validAt(row, scene.command, given))
    .map((row) => ({ flag: globalFlag(row), secret: row.secret === true }));
  return [...options, ...globals];
}

/** `tool deplyo`: suggests the closest subcommand of `group`, fixing that word when one is close. */
export function unknownCommand(scene: Scene, index: number): Refusal {
  const group = scene.command;
  const word = scene.words[index]!.text;
  const where = commandName(scene.manifest, group);
  const names = group.commands.filter((c) => !c.hidden).map((c) => c.name);
  const matches = suggest(word, names);
  const refusal: Refusal = {
    message: `unknown command "${word}" for ${where}`,
    hint: matches.length > 0 ? didYouMean(matches) : `${where} has: ${listed(names, where)}`,
  };
  if (matches.length === 1)
    refusal.fix = writeLine(scene.manifest, replaceWord(scene.words, index, { text: matches[0]! }));
  return refusal;
}

/** At most this many command names are listed in a hint; a long program is read with `--help` instead. */
const MOST_LISTED = 10;

/** Past the help screen's own limit, `--help` shows only part of the list too: point to `--all`. */
const listed = (names: readonly string[], where: string): string =>
  names.length <= MOST_LISTED
    ? names.join(', ')
    : `${names.slice(0, MOST_LISTED).join(', ')} and ${names.length - MOST_LISTED} more (see ${where} --help${names.length > HELP_COMMAND_LIMIT ? ' --all' : ''})`;

/** `--target` at the end of the line, or before another flag. */
export const needsValue = (token: string, flag: string, placeholder: string): Refusal => ({
  message: `${token} needs a value`,
  hint: `write ${flag} <${placeholder}>`,
});

/**
 * `--json=true`, `--help=1`, `--no-verify=1`: a switch given a value. Refused as itself, not as an
 * unknown flag, whose "did you mean --json?" would offer the very line that failed (P6).
 */
export function takesNoValue(scene: Scene, index: number, flag: string): Refusal {
  const refusal: Refusal = { message: `${flag} takes no value`, hint: `write ${flag} alone` };
  if (index < optionEnd(scene.words)) {
    refusal.fix = writeLine(scene.manifest, replaceWord(scene.words, index, { text: flag }));
  }
  return refusal;
}

/** `--yes=maybe`; a secret's value is not repeated (D3). */
export const notBoolean = (token: string, option: ManifestOption, inline: string): Refusal => ({
  message: `${token} expects true or false, got ${option.secret ? '(redacted)' : JSON.stringify(inline)}`,
  hint: `write ${option.flag} or --no-${option.flag.slice(2)}`,
});

/** A global flag given where it means nothing: off the root, on a group, or without the flag it needs. */
export function globalNotHere(scene: Scene, index: number, row: GlobalFlag): Refusal {
  const flag = globalFlag(row);
  const where = commandName(scene.manifest, scene.command);
  if (row.with !== undefined) {
    const needed = `--${row.with}`;
    const value = findGlobal(scene.manifest, needed)?.value;
    // A flag that needs a value of its own (`--http <addr>`) has no one line that fixes this.
    if (value !== undefined) return { message: `${flag} works only with ${needed}`, hint: `add ${needed} <${value}>` };
    return {
      message: `${flag} works only with ${needed}`,
      hint: `add ${needed} to ask for it`,
      fix: writeLine(scene.manifest, insertWords(scene.words, index, { text: needed })),
    };
  }
  if (row.at === 'runnable') {
    return { message: `${flag} works only on a command that runs; ${where} is a group`, hint: groupHint(scene) };
  }
  return {
    message: `${flag} belongs to the whole program, not to ${where}`,
    hint: `give it without a command: ${scene.manifest.name} ${flag}`,
    fix: writeLine(scene.manifest, [{ text: flag }]),
  };
}

/** `tool config` when `config` only groups commands (P6). */
export function needsCommand(scene: Pick<Scene, 'manifest' | 'command'>): Refusal {
  const where = commandName(scene.manifest, scene.command);
  return { message: `${where} needs a command`, hint: groupHint(scene) };
}

function groupHint(scene: Pick<Scene, 'manifest' | 'command'>): string {
  const where = commandName(scene.manifest, scene.command);
  const names = visibleNames(scene.command);
  return `choose one of: ${names.join(', ')}; run ${where} --help for more`;
}

const visibleNames = (group: ManifestCommand): string[] => group.commands.filter((c) => !c.hidden).map((c) => c.name);

/**
 * A surface of its own given beside `--mcp` (M10): the server would otherwise ignore it without a
 * word. The fix serves without those flags; the hint says how to get what they ask for instead.
 */
export function notWithMcp(scene: Pick<Scene, 'manifest' | 'words'>, rows: readonly GlobalFlag[]): Refusal {
  const { manifest } = scene;
  const flags = rows.map(globalFlag);
  const first = flags[0]!;
  const lean = first === '--lean';
  const detach = first === '--detach';
  const answer = lean
    ? "each tool call's result is the --json envelope, meta.provenance included"
    : detach
      ? 'and a client asks for a task itself'
      : `it prints no ${first === '--version' ? 'version' : 'document'}`;
  return {
    message: `${flags.join(', ')} cannot be given with --mcp: a server answers tool calls, ${answer}`,
    hint:
      first === '--explain'
        ? `run ${manifest.name} <command> --explain <option> on its own; over MCP, each result's meta.provenance says where every value came from`
        : lean
          ? `run ${manifest.name} <command> --json --lean on its own, where a command line prints the envelope`
          : detach
            ? `run ${manifest.name} <command> --detach on its own, to start a task from the command line`
            : `run ${manifest.name} ${first} on its own; an MCP client reads the tools from tools/list`,
    fix: writeLine(manifest, withoutFlags(scene.words, rows)),
  };
}

/** The words without the given global flags and the values they took (`--explain tables`). */
function withoutFlags(words: readonly Word[], rows: readonly GlobalFlag[]): Word[] {
  const end = optionEnd(words);
  const kept: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // A declared option's value, or a passthrough word, is never one of burgee's flags.
    const row = i < end && word.of === undefined ? rows.find((r) => isFlagWord(word.text, r)) : undefined;
    if (row === undefined) kept.push(word);
    else if (row.value !== undefined && !word.text.includes('=')) i++;
  }
  return kept;
}

const isFlagWord = (text: string, row: GlobalFlag): boolean =>
  text === globalFlag(row) || text.startsWith(`${globalFlag(row)}=`);
