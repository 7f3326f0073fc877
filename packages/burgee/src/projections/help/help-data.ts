/**
 * Help as data (`--help --json`). The text screen is rendered from this same value, so the two
 * forms cannot disagree.
 */

import { visibleSynthesised } from '../../manifest/synthesised.js';
import type {
  ArgumentValue,
  Manifest,
  ManifestArgument,
  ManifestCommand,
  ManifestExample,
  ManifestOption,
  Scalar,
} from '../../manifest/types.js';
import { globalOptions, type HelpEntry } from './global-options.js';
import { listedCommands } from './long-list.js';
import {
  commandSummary,
  exampleCommand,
  mustPass,
  optionFlags,
  renderUsageLine,
  requiredUnlessEnv,
  visibleOptions,
} from './usage.js';

export type HelpArgument = {
  name: string;
  description?: string;
  required: boolean;
  variadic: boolean;
  default?: ArgumentValue | ArgumentValue[];
  choices?: ArgumentValue[];
};

export type HelpOption = {
  flags: string;
  description?: string;
  /** True only when the caller must pass it: a default or a variable satisfies `required`. */
  required: boolean;
  /** Present when the option is required but its variable (`env`) may give it instead of the flag. */
  requiredUnlessEnv?: true;
  /** Never present for secret options. */
  default?: Scalar | Scalar[];
  choices?: Scalar[];
  env?: string;
  /** The replacement to use instead. */
  deprecated?: string;
};

export type HelpCommand = { name: string; summary: string; deprecated?: string };

export type HelpData = {
  /** The usage line without its `Usage:` label. */
  usage: string;
  description?: string;
  deprecated?: string;
  arguments: HelpArgument[];
  options: HelpOption[];
  commands: HelpCommand[];
  /** Examples with the program name in front. */
  examples: ManifestExample[];
  globalOptions: HelpEntry[];
  /** Commands left out of a long list (H2): `--help --all` lists every one. */
  moreCommands?: number;
};

/**
 * What the caller asked of help: `--all` lists every subcommand of a long list. `versioned` says
 * whether `--version` has a version to print (declared, or found in a package.json by the runtime);
 * without it, only a declared version counts.
 */
export type HelpDataOptions = { all?: boolean; versioned?: boolean };

/** Builds the data form of one command's help (H2). */
export function toHelpData(manifest: Manifest, command: ManifestCommand, options: HelpDataOptions = {}): HelpData {
  const listed = listedCommands(command, options.all);
  const data: HelpData = {
    usage: renderUsageLine(manifest, command),
    arguments: command.arguments.map(toHelpArgument),
    options: visibleOptions(command).map(toHelpOption),
    commands: [...listed.shown.map(toHelpCommand), ...synthesisedCommands(command)],
    examples: command.examples.map((example) => ({ ...example, command: exampleCommand(manifest, example.command) })),
    globalOptions: globalOptions(manifest, command, options.versioned ?? manifest.version !== undefined),
  };
  const description =
    command.description ?? command.summary ?? (command.path.length === 0 ? manifest.description : undefined);
  if (description !== undefined) data.description = description;
  if (command.deprecated !== undefined) data.deprecated = command.deprecated;
  if (listed.more > 0) data.moreCommands = listed.more;
  return data;
}

// Fields named one by one, as options' are: help shows what a person types, not the parser's reading of it.
function toHelpArgument(argument: ManifestArgument): HelpArgument {
  const help: HelpArgument = { name: argument.name, required: argument.required, variadic: argument.variadic };
  if (argument.description !== undefined) help.description = argument.description;
  if (argument.default !== undefined)
    help.default = Array.isArray(argument.default) ? [...argument.default] : argument.default;
  if (argument.choices !== undefined) help.choices = [...argument.choices];
  return help;
}

function toHelpOption(option: ManifestOption): HelpOption {
  const help: HelpOption = { flags: optionFlags(option), required: mustPass(option) };
  if (option.description !== undefined) help.description = option.description;
  // A secret's default is a value like any other: printing it would leak it (D3).
  if (option.default !== undefined && !option.secret) {
    help.default = Array.isArray(option.default) ? [...option.default] : option.default;
  }
  if (option.choices !== undefined) help.choices = [...option.choices];
  if (option.env !== undefined) help.env = option.env;
  if (requiredUnlessEnv(option)) help.requiredUnlessEnv = true;
  if (option.deprecated !== undefined) help.deprecated = option.deprecated;
  return help;
}

/** The synthesised commands, listed after the program's own at the root of a program with subcommands (K3). */
function synthesisedCommands(command: ManifestCommand): HelpCommand[] {
  if (command.path.length > 0 || command.commands.length === 0) return [];
  return visibleSynthesised(command).map((row) => ({ name: row.name, summary: row.help }));
}

function toHelpCommand(command: ManifestCommand): HelpCommand {
  const help: HelpCommand = { name: command.name, summary: commandSummary(command) };
  if (command.deprecated !== undefined) help.deprecated = command.deprecated;
  return help;
}
