import { refuse } from '../errors/errors.js';
import { plainWords, secretWord, valueWord, type Word } from '../errors/refusals/command-line.js';
import { globalNotHere, needsValue, notBoolean, takesNoValue, unknownOption } from '../errors/refusals/parse.js';
import {
  emptyGlobals,
  findGlobal,
  type GlobalFlag,
  type Globals,
  globalFlag,
  globalKey,
  programGlobals,
  validAt,
} from '../manifest/globals.js';
import { splitValues } from '../manifest/split-values.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { readBoolean } from './coerce.js';
import { findCommandPath } from './command-path.js';
import { wantsJson } from './wants-json.js';

export type { Globals };
export { wantsJson };

/** A flag as typed: booleans already decided, everything else still text. */
export type RawFlag = { option: ManifestOption; token: string } & (
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; values: string[] }
);

export type ParsedArgv = {
  command: ManifestCommand;
  globals: Globals;
  flags: Map<string, RawFlag>;
  positionals: string[];
  /** Where each positional is in `words`, so a refusal of an argument's value can rewrite that word. */
  positionalAt: number[];
  passthrough: string[];
  /** Every word as the parser read it, for the `fix` line of a later refusal. */
  words: readonly Word[];
};

/** Splits argv into the command it names, global flags, the command's flags and positionals (P4). */
export function parseArgv(manifest: Manifest, argv: readonly string[]): ParsedArgv {
  return new ArgvScanner(manifest, argv).scan();
}

/** Reads the words one at a time, left to right; `at` is the word being read. */
class ArgvScanner {
  private at = 0;
  /** Where the words naming the command are: the scan skips them. */
  private readonly path: ReadonlySet<number>;
  private readonly words: Word[];
  private readonly state: ParsedArgv;
  /** The first word no flag of this command answers to, refused once every word is read. */
  private unknown: { index: number; flag: string } | undefined;
  /** Global flags given, where they were: checked for their place once every word is read. */
  private readonly given: { row: GlobalFlag; index: number }[] = [];
  private readonly isGiven = (name: string) => this.given.some((g) => g.row.name === name);

  constructor(
    private readonly manifest: Manifest,
    private readonly argv: readonly string[],
  ) {
    this.words = plainWords(argv);
    const { command, path } = findCommandPath(manifest, argv, this.words);
    this.path = path;
    const globals = emptyGlobals();
    globals.json = wantsJson(argv, command);
    this.state = {
      command,
      globals,
      flags: new Map(),
      positionals: [],
      positionalAt: [],
      passthrough: [],
      words: this.words,
    };
  }

  scan(): ParsedArgv {
    for (; this.at < this.argv.length; this.at++) {
      if (this.path.has(this.at)) continue;
      const word = this.argv[this.at]!;
      if (word === '--') {
        this.state.passthrough = this.argv.slice(this.at + 1);
        break;
      }
      if (word.startsWith('--')) this.long(word);
      else if (word.startsWith('-') && word.length > 1 && !/^-\d/.test(word)) this.short(word.slice(1));
      else {
        this.state.positionals.push(word);
        this.state.positionalAt.push(this.at);
      }
    }
    if (this.unknown !== undefined) {
      const { index, flag } = this.unknown;
      throw refuse(unknownOption(this.scene(), index, flag, this.isGiven), this.state.command);
    }
    for (const { row, index } of this.given) {
      if (!validAt(row, this.state.command, this.isGiven))
        throw refuse(globalNotHere(this.scene(), index, row), this.state.command);
    }
    return this.state;
  }

  private long(word: string): void {
    const eq = word.indexOf('=');
    const name = eq === -1 ? word : word.slice(0, eq);
    const inline = eq === -1 ? undefined : word.slice(eq + 1);
    const options = this.state.command.options;
    const option = options.find((o) => o.flag === name);
    if (option !== undefined) {
      this.value(option, name, inline, eq + 1);
      return;
    }
    const negated = name.startsWith('--no-')
      ? options.find((o) => o.negatable && o.flag === `--${name.slice(5)}`)
      : undefined;
    if (negated !== undefined) {
      if (inline !== undefined) throw refuse(takesNoValue(this.scene(), this.at, name), this.state.command);
      this.state.flags.set(negated.key, { option: negated, token: name, kind: 'boolean', value: false });
      return;
    }
    const row = findGlobal(this.manifest, name);
    if (row === undefined || !this.global(row, inline)) this.unknown ??= { index: this.at, flag: name };
  }

  /** Reads one of burgee's own flags; false when it is not one as written (`--json=1`, `--format yaml`). */
  private global(row: GlobalFlag, inline: string | undefined): boolean {
    const index = this.at;
    const globals = this.state.globals as Record<string, unknown>;
    if (row.value === undefined) {
      if (inline !== undefined) throw refuse(takesNoValue(this.scene(), index, globalFlag(row)), this.state.command);
      globals[globalKey(row)] = true;
    } else if (row.spells === true) {
      // `--format json` is `--json`, already read by wantsJson; any other format is not ours.
      const value = inline ?? this.argv[this.at + 1];
      if (value !== 'json') return false;
      if (inline === undefined) this.at++;
      return true;
    } else {
      const flag = globalFlag(row);
      const value = this.take(inline);
      if (value === undefined) throw refuse(needsValue(flag, flag, row.value), this.state.command);
      if (row.secret === true)
        this.words[this.at] = secretWord(this.argv[this.at]!, inline === undefined ? 0 : eqAt(flag));
      const key = globalKey(row);
      globals[key] = row.repeats === true && globals[key] !== undefined ? `${globals[key]},${value}` : value;
    }
    this.given.push({ row, index });
    return true;
  }

  private short(letters: string): void {
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j]!;
      const option = this.state.command.options.find((o) => o.short === letter);
      if (option === undefined) {
        const row = programGlobals(this.manifest).find((r) => r.short === letter);
        if (row !== undefined) this.global(row, undefined);
        else this.unknown ??= { index: this.at, flag: `-${letter}` };
        continue;
      }
      if (option.type === 'boolean') {
        this.state.flags.set(option.key, { option, token: `-${letter}`, kind: 'boolean', value: true });
        continue;
      }
      const rest = letters.slice(j + 1);
      this.value(option, `-${letter}`, rest === '' ? undefined : rest, j + 2);
      return;
    }
  }

  /** Reads a declared option's value: inline (`--name=x`, `-nx`, starting at `valueAt`) or the next word. */
  private value(option: ManifestOption, token: string, inline: string | undefined, valueAt: number): void {
    const flags = this.state.flags;
    if (option.type === 'boolean') {
      const value = inline === undefined ? true : readBoolean(inline);
      if (value === undefined) throw refuse(notBoolean(token, option, inline!), this.state.command);
      flags.set(option.key, { option, token, kind: 'boolean', value });
      return;
    }
    if (inline !== undefined) this.words[this.at] = valueWord(this.argv[this.at]!, option, valueAt);
    const value = this.take(inline, option);
    if (value === undefined)
      throw refuse(needsValue(token, option.flag, option.placeholder ?? 'value'), this.state.command);
    const previous = flags.get(option.key);
    const pieces = option.multiple ? splitValues(option, value) : [value];
    // Appended in place: copying the list at every repetition made 40,000 `--tag` words quadratic (P4).
    if (option.multiple && previous?.kind === 'text') {
      for (const piece of pieces) previous.values.push(piece);
      previous.token = token;
      return;
    }
    flags.set(option.key, { option, token, kind: 'text', values: pieces });
  }

  /** The value given inline, else the next word unless it is a long flag (then the scanner moves past it). */
  private take(inline: string | undefined, option?: ManifestOption): string | undefined {
    if (inline !== undefined) return inline;
    const next = this.argv[this.at + 1];
    if (next === undefined || next.startsWith('--')) return undefined;
    this.at++;
    if (option !== undefined) this.words[this.at] = valueWord(next, option);
    return next;
  }

  private scene() {
    return { manifest: this.manifest, command: this.state.command, words: this.words };
  }
}

const eqAt = (flag: string): number => flag.length + 1;
