import { BurgeeError } from '../errors/errors.js';
import { findSynthesised } from '../manifest/synthesised.js';
import type { Manifest, ManifestCommand, ManifestExample, ManifestOption } from '../manifest/types.js';
import { parseArgv } from '../pipeline/parse-argv.js';
import { resolveInputs } from '../pipeline/resolve.js';
import { needsValue } from '../projections/schema/index.js';
import { splitShellLine } from '../text/shell-words.js';
import { typed, visibleCommands } from './commands.js';
import type { Found, Rule } from './types.js';

/** What reading one example gave: refused (and why), run by another command, or fine. */
type Reading = { refused: string; fix?: string } | { elsewhere: string } | undefined;

/**
 * Every example of a visible command, read as the program reads a command line: the real parser,
 * then the inputs resolved (required options, types, choices, bounds), with no environment but
 * what the example sets and the variables of needed options (an example may rely on a set-up
 * environment rather than type a secret, P2), no config file and no handler. Not for commander and yargs programs,
 * whose own parsers would read them.
 */
export const exampleRules: Rule = ({ manifest, foreign }) => {
  if (foreign) return [];
  const found: Found[] = [];
  for (const command of visibleCommands(manifest)) {
    for (const example of command.examples) {
      const reading = readExample(manifest, command, example);
      if (reading === undefined) continue;
      const quoted = JSON.stringify(example.command);
      if ('elsewhere' in reading)
        found.push({
          rule: 'example-elsewhere',
          command,
          message: `${typed(manifest, command)} has the example ${quoted}, which runs ${reading.elsewhere} instead`,
          fix: `move it to ${reading.elsewhere}, or write one that runs ${typed(manifest, command)}`,
        });
      else
        found.push({
          rule: 'example-refused',
          command,
          message: `${typed(manifest, command)} has the example ${quoted}, which it refuses: ${reading.refused}`,
          ...(reading.fix === undefined ? {} : { fix: reading.fix }),
        });
    }
  }
  return found;
};

function readExample(manifest: Manifest, command: ManifestCommand, example: ManifestExample): Reading {
  const line = splitShellLine(example.command);
  if (!line.ok) return { refused: line.problem };
  const [program, ...argv] = line.words;
  if (program !== manifest.name) return { refused: `it does not start with the program's name, ${manifest.name}` };
  // burgee's own commands (`completion bash`, `mcp config claude`) are not the program's to check.
  if (findSynthesised(manifest.root, argv) !== undefined) return undefined;
  try {
    const parsed = parseArgv(manifest, argv);
    const ran = parsed.command;
    const inside = command.path.every((word, i) => ran.path[i] === word);
    if (!inside || (command.runnable && ran !== command)) return { elsewhere: typed(manifest, ran) };
    const { globals } = parsed;
    // Help, --schema, --version and --explain read no inputs: nothing more to refuse.
    if (globals.help || globals.schema || globals.version || globals.explain !== undefined || globals.mcp)
      return undefined;
    if (!ran.runnable) return { refused: `${typed(manifest, ran)} is a group, which runs nothing` };
    // Validators of the author's own (Standard Schema) are code, which check never runs.
    const env = { ...setUpVariables(ran), ...line.env };
    const resolving = resolveInputs({ manifest, parsed, env, config: undefined, specs: {} });
    if (resolving instanceof Promise) void resolving.catch(() => undefined);
    return undefined;
  } catch (error) {
    if (!(error instanceof BurgeeError)) throw error;
    return error.fix === undefined ? { refused: error.message } : { refused: error.message, fix: error.fix };
  }
}

/** A value for the variable of each option that its variable may give (P2), as a set-up machine holds. */
function setUpVariables(command: ManifestCommand): Record<string, string> {
  const env: Record<string, string> = {};
  for (const option of command.options) {
    if (option.env !== undefined && needsValue(option)) env[option.env] = sampleValue(option);
  }
  return env;
}

/** Any value the option takes: its first choice, or one within its bounds. */
function sampleValue(option: ManifestOption): string {
  if (option.choices !== undefined && option.choices.length > 0) return String(option.choices[0]);
  if (option.type === 'boolean') return 'true';
  if (option.type === 'number') return String(Math.ceil(option.minimum ?? Math.min(0, option.maximum ?? 0)));
  return 'x';
}
