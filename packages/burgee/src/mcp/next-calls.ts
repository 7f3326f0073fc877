import type * as NodeUtil from 'node:util';
import { BurgeeError } from '../errors/errors.js';
import { findSynthesised } from '../manifest/synthesised.js';
import type { Manifest, ManifestCommand, ManifestOption } from '../manifest/types.js';
import { coerce, readNumber } from '../pipeline/coerce.js';
import { type ParsedArgv, parseArgv, type RawFlag } from '../pipeline/parse-argv.js';
import { builtin } from '../process/builtins.js';
import { toCallArgv } from '../projections/mcp/argument-types.js';
import { mayBeOnElsewhere } from '../projections/mcp/argv.js';
import { findToolCommand, toolName } from '../projections/mcp/tools.js';
import type { ExampleReader, ToolCall } from '../projections/mcp/types.js';
import { splitShellLine } from '../text/shell-words.js';
import { envelopeOf, type ToolResult } from './tool-result.js';

// Top-level await: loaded with import() only. node:util's ES facade would slow a server's start (N1).
const { isDeepStrictEqual } = await builtin<typeof NodeUtil>('node:util');

/** The tool call that runs one command line of the program: the tool's name and its arguments (Q6). */
export type NextCall = ToolCall;

/** A command line read as a tool call: the command it runs and the arguments that run it. */
type Reading = { command: ManifestCommand; arguments: Record<string, unknown> };

/**
 * The tool call that runs exactly `line` (a next step or a fix: the program's name, then its words),
 * or undefined when no call does: another program, burgee's own flags or commands (`--schema`,
 * `completion`), a withheld or hidden command, environment assignments, a pipe or a redirection, a
 * placeholder (`<value>`, `<secret>`), or words after `--`. The line is read by the parser every
 * command line goes through; the arguments are then written back as the server writes a call (M3)
 * and read again, and a call that would not read back the same values is no call at all.
 */
export function toNextCall(manifest: Manifest, line: string): NextCall | undefined {
  const split = splitShellLine(line);
  if (!split.ok || split.rest !== undefined || Object.keys(split.env).length > 0) return undefined;
  const [program, ...argv] = split.words;
  if (program !== manifest.name || findSynthesised(manifest.root, argv) !== undefined) return undefined;
  const reading = readCall(manifest, argv);
  if (reading === undefined) return undefined;
  const written = toCallArgv(reading.command, reading.arguments, { program: manifest.name, config: manifest.config });
  if ('refusal' in written) return undefined;
  const again = readCall(manifest, written.argv);
  if (again?.command !== reading.command || !isDeepStrictEqual(again.arguments, reading.arguments)) return undefined;
  return { tool: toolName(reading.command), arguments: reading.arguments };
}

/**
 * Reads each example of the program's commands as the call that runs it, for the tool list (M2):
 * the line a person would type, read by the same parser and checked the same way as a next step.
 */
export const exampleReader =
  (manifest: Manifest): ExampleReader =>
  (line) =>
    toNextCall(manifest, line);

/**
 * A tool result whose `structuredContent` gives each runnable `next[]` step its `tool` and
 * `arguments`, and a failure's `fix` its `fixCall`, for an agent that speaks MCP alone (Q6): the
 * one thing it says that the text does not, so a result without `structuredContent` gains it then.
 * Its text is left as it is: the CLI's line byte for byte (M4).
 */
export function withNextCalls(manifest: Manifest, result: ToolResult): ToolResult {
  // Next steps and fixes come with failures only: a success's text is never read back.
  if (result.structuredContent === undefined && !result.isError) return result;
  const envelope = envelopeOf(result);
  const structuredContent = withCalls(manifest, envelope);
  return structuredContent === envelope ? result : { ...result, structuredContent };
}

function withCalls(manifest: Manifest, envelope: Record<string, unknown>): Record<string, unknown> {
  if (envelope.ok !== false) return envelope;
  if (Array.isArray(envelope.next)) {
    let added = false;
    const next = (envelope.next as { command: string }[]).map((step) => {
      const call = toNextCall(manifest, step.command);
      if (call === undefined) return step;
      added = true;
      return { ...step, ...call };
    });
    return added ? { ...envelope, next } : envelope;
  }
  const error = envelope.error as { fix?: string } | undefined;
  const call = error?.fix === undefined ? undefined : toNextCall(manifest, error.fix);
  if (call === undefined) return envelope;
  // Beside the line it stands for, before the usage block.
  const entries = Object.entries(error!).flatMap((entry) =>
    entry[0] === 'fix' ? [entry, ['fixCall', call]] : [entry],
  );
  return { ...envelope, error: Object.fromEntries(entries) };
}

/** The command and arguments of argv, when it runs a tool of the program with nothing a call cannot carry. */
function readCall(manifest: Manifest, argv: readonly string[]): Reading | undefined {
  const parsed = parseQuietly(manifest, argv);
  if (parsed === undefined || parsed.passthrough.length > 0 || !onlyJson(parsed.globals)) return undefined;
  const { command } = parsed;
  if (findToolCommand(manifest, toolName(command)) !== command) return undefined;
  const args: Record<string, unknown> = {};
  for (const option of command.options) {
    const flag = parsed.flags.get(option.key);
    if (flag === undefined) continue;
    const value = optionValue(option, flag, manifest);
    if (value === undefined) return undefined;
    if (value !== OFF) args[option.key] = value;
  }
  const positionals = argumentValues(command, parsed.positionals);
  return positionals === undefined ? undefined : { command, arguments: { ...args, ...positionals } };
}

function parseQuietly(manifest: Manifest, argv: readonly string[]): ParsedArgv | undefined {
  try {
    return parseArgv(manifest, argv);
  } catch (error) {
    // A line the parser refuses runs nothing, so no call runs it either.
    if (error instanceof BurgeeError) return undefined;
    throw error;
  }
}

/** True when no global flag but `--json` is given: a tool call runs as a `--json` caller and can say nothing else. */
const onlyJson = (globals: ParsedArgv['globals']): boolean =>
  Object.entries(globals).every(([key, value]) => key === 'json' || value === false || value === undefined);

/** A `false` the server would leave off the line (M3): leaving it out of the arguments runs the same. */
const OFF = Symbol('off');

/** A flag's value as the tool's inputSchema types it, or undefined when the parser's types refuse it. */
function optionValue(option: ManifestOption, flag: RawFlag, manifest: Manifest): unknown {
  if (flag.kind === 'boolean') {
    return flag.value || mayBeOnElsewhere(option, { config: manifest.config }) ? flag.value : OFF;
  }
  const raw = option.multiple ? flag.values : flag.values[flag.values.length - 1];
  const typed = coerce(option, { source: 'flag', location: option.flag, raw });
  return 'value' in typed ? typed.value : undefined;
}

/** The positionals by argument name, typed as the inputSchema types them; undefined when they do not fit. */
function argumentValues(command: ManifestCommand, positionals: readonly string[]): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  let at = 0;
  for (const argument of command.arguments) {
    if (at >= positionals.length) break;
    const words = argument.variadic ? positionals.slice(at) : [positionals[at]!];
    at += words.length;
    const typed = words.map((word) => (argument.type === 'number' ? readNumber(word) : word));
    if (typed.includes(undefined)) return undefined;
    values[argument.name] = argument.variadic ? typed : typed[0];
  }
  return at < positionals.length ? undefined : values;
}
