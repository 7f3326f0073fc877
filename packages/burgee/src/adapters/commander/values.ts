import type { Command, Option } from 'commander';

/** What commander keeps on a command without a public reader; the same in its 13 to 15 releases. */
type Internals = {
  _enablePositionalOptions?: boolean;
  _passThroughOptions?: boolean;
  _combineFlagAndOptionalValue?: boolean;
  _defaultCommandName?: string | null;
  _getHelpCommand?: () => Command | null | undefined;
};

/**
 * How commander reads a command line, without calling it (parsing sets option values): `values`, the
 * positions of the words it takes as values rather than as flags (an option's value — a value is
 * required, so `--message --json` gives `--json` to `--message` — and the words a
 * `passThroughOptions()` command hands to its arguments); and `path`, the commands the line goes
 * through, root first, ending at the one it reaches (a default command included). It follows
 * commander's own reading: its `parseOptions`, then the dispatch to a subcommand.
 */
export function commanderReading(program: Command, args: readonly string[]): { values: Set<number>; path: Command[] } {
  const values = new Set<number>();
  const path: Command[] = [];
  const walk = (command: Command, operands: number[], unknown: number[]): void => {
    path.push(command);
    const parsed = readOptions(command, args, unknown, values);
    const words = [...operands, ...parsed.operands];
    const first = words[0] === undefined ? undefined : args[words[0]];
    const sub = first === undefined ? undefined : findCommand(command, first);
    if (sub !== undefined) {
      walk(sub, words.slice(1), parsed.unknown);
      return;
    }
    if (first !== undefined && first === helpCommandName(command)) return;
    const fallback = (command as unknown as Internals)._defaultCommandName;
    const next = fallback ? findCommand(command, fallback) : undefined;
    if (next !== undefined) walk(next, words, parsed.unknown);
  };
  walk(
    program,
    [],
    args.map((_, at) => at),
  );
  return { values, path };
}

/** The positions of the words commander would take as values (commanderReading). */
export const commanderValues = (program: Command, args: readonly string[]): Set<number> =>
  commanderReading(program, args).values;

/**
 * True when the flag stays the program's on this line (F3): a command the line goes through declares
 * it (`cspell check --json` is cspell's, `cspell trace --json` burgee's), or the command reached takes
 * options it does not declare (`allowUnknownOption()`), which its action may declare late and parse
 * again (webpack-cli's `--json <file>`), or hand on to a program it starts. Only the program could
 * tell, when it runs, whether it refuses the flag; so burgee offers none there.
 */
export function declaresOnLine(program: Command, args: readonly string[], flag: string): boolean {
  const { path } = commanderReading(program, args);
  const reached = path.at(-1) as (Command & { _allowUnknownOption?: boolean }) | undefined;
  if (reached?._allowUnknownOption === true) return true;
  return path.some((command) => command.options.some((option) => option.long === flag));
}

/** commander's `parseOptions` over the words at `positions`, marking the values it takes in `values`. */
function readOptions(
  command: Command,
  args: readonly string[],
  positions: readonly number[],
  values: Set<number>,
): { operands: number[]; unknown: number[] } {
  const own = command as unknown as Internals;
  const operands: number[] = [];
  const unknown: number[] = [];
  let dest = operands;
  let variadic = false;
  for (let i = 0; i < positions.length; i++) {
    const at = positions[i]!;
    let word = args[at]!;
    if (word === '--') {
      if (dest === unknown) dest.push(at);
      dest.push(...positions.slice(i + 1));
      break;
    }
    if (variadic && !isOption(word)) continue;
    variadic = false;
    const read = readFlag(command, word);
    if (read === 'whole') continue;
    const option = read?.option;
    word = read?.word ?? word;
    if (option !== undefined) {
      i += takesNext(option, args, positions[i + 1]);
      if (option.required && positions[i] !== at) values.add(positions[i]!);
      variadic = option.variadic;
      continue;
    }
    if (/^--[^=]+=/.test(word) && findOption(command, word.slice(0, word.indexOf('='))) !== undefined) continue;
    if (dest === operands && isOption(word)) dest = unknown;
    if ((own._enablePositionalOptions || own._passThroughOptions) && operands.length === 0 && unknown.length === 0) {
      if (findCommand(command, word) !== undefined || word === helpCommandName(command)) {
        operands.push(at);
        unknown.push(...positions.slice(i + 1));
        break;
      }
      if (own._defaultCommandName) {
        unknown.push(...positions.slice(i));
        break;
      }
    }
    if (own._passThroughOptions) {
      // From its first argument on, everything is the command's arguments, flags included (after
      // an unknown option instead, commander refuses the option).
      if (dest === operands) for (const rest of positions.slice(i)) values.add(rest);
      dest.push(...positions.slice(i));
      break;
    }
    dest.push(at);
  }
  return { operands, unknown };
}

/**
 * The option a word names, reading a group of short flags (`-vm`) one letter at a time as commander
 * does: `whole` when the group ends in a letter that took the rest of the word as its value.
 */
function readFlag(command: Command, word: string): { option: Option | undefined; word: string } | 'whole' | undefined {
  if (!isOption(word)) return undefined;
  let option = findOption(command, word);
  let rest = word;
  while (option === undefined && /^-[^-]./.test(rest)) {
    const first = findOption(command, rest.slice(0, 2));
    if (first === undefined) break;
    const combine = (command as unknown as Internals)._combineFlagAndOptionalValue !== false;
    if (first.required || (first.optional && combine)) return 'whole';
    rest = `-${rest.slice(2)}`;
    option = rest.length === 2 ? findOption(command, rest) : undefined;
  }
  return { option, word: rest };
}

/** How many words after an option commander takes as its value: a required one always, an optional one unless it is a flag. */
function takesNext(option: Option, args: readonly string[], next: number | undefined): number {
  if (next === undefined) return 0;
  if (option.required) return 1;
  return option.optional && !isOption(args[next]!) ? 1 : 0;
}

const isOption = (word: string): boolean => word.length > 1 && word.startsWith('-');

const findOption = (command: Command, flag: string): Option | undefined =>
  command.options.find((option) => option.short === flag || option.long === flag);

const findCommand = (command: Command, name: string): Command | undefined =>
  command.commands.find((child) => child.name() === name || child.aliases().includes(name));

function helpCommandName(command: Command): string | undefined {
  const help = (command as unknown as Internals)._getHelpCommand?.();
  return help?.name();
}
