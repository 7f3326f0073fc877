import { toScreamingSnake } from '../manifest/names.js';
import { listToolCommands, toolName } from '../projections/mcp/tools.js';
import { everyCommand, typed } from './commands.js';
import type { Found, Rule } from './types.js';

/** What agents call: each rule reads the commands served as MCP tools, or every option that holds a secret. */

// Words that name a command which destroys or undoes something (X2).
const DESTRUCTIVE: ReadonlySet<string> = new Set(['delete', 'remove', 'rm', 'destroy', 'drop', 'purge', 'reset']);

/** A command named for destruction but declared read_only or idempotent: agents call those without asking. */
export const effectsContradictName: Rule = ({ manifest, foreign }) =>
  listToolCommands(manifest).flatMap((command): Found[] => {
    const word = command.name.split(/[-_.:]/).find((part) => DESTRUCTIVE.has(part.toLowerCase()));
    if (word === undefined || (command.effects !== 'read_only' && command.effects !== 'idempotent')) return [];
    return [
      {
        rule: 'effects-contradict-name',
        command,
        message: `${typed(manifest, command)} is named "${word}" but declared ${command.effects}: agents call ${command.effects} tools without asking first`,
        fix: foreign
          ? ".effects('non_idempotent')"
          : "effects: 'non_idempotent' (or 'withheld', to keep it from agents)",
      },
    ];
  });

/** A command read from commander or yargs whose effects were never declared: MCP clients must assume the worst. */
export const undeclaredEffects: Rule = ({ manifest }) =>
  listToolCommands(manifest)
    .filter((command) => command.effects === 'undeclared')
    .map((command) => ({
      rule: 'undeclared-effects',
      command,
      message: `${typed(manifest, command)} declares no effects: its tool carries no hints, so MCP clients must treat it as destructive`,
      fix: ".effects('read_only') (or 'idempotent', 'non_idempotent', 'withheld')",
    }));

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** A tool name MCP does not allow: 1–128 letters, digits, `_`, `.`, `-`. */
export const toolNameInvalid: Rule = ({ manifest }) =>
  listToolCommands(manifest)
    .filter((command) => !TOOL_NAME.test(toolName(command)))
    .map((command) => ({
      rule: 'tool-name-invalid',
      command,
      message: `${typed(manifest, command)} becomes the MCP tool ${JSON.stringify(toolName(command))}, outside MCP's rule [A-Za-z0-9_.-]{1,128}: clients refuse it`,
      fix: 'rename the command with letters, digits and dashes, in a shorter path',
    }));

/** Two commands whose paths join to one tool name (`a_b` beside `a b`): one of them cannot be called. */
export const toolNameCollision: Rule = ({ manifest }) => {
  const first = new Map<string, string>();
  const found: Found[] = [];
  for (const command of listToolCommands(manifest)) {
    const name = toolName(command);
    const holder = first.get(name);
    if (holder === undefined) first.set(name, typed(manifest, command));
    else
      found.push({
        rule: 'tool-name-collision',
        command,
        message: `${typed(manifest, command)} and ${holder} both become the MCP tool ${JSON.stringify(name)}: one of them cannot be called`,
        fix: 'rename one of the two commands',
      });
  }
  return found;
};

/** A read_only command that prompts for an option with no default: agents, who call it freely, are refused or asked every time. */
export const promptWithoutDefault: Rule = ({ manifest }) =>
  listToolCommands(manifest)
    .filter((command) => command.effects === 'read_only')
    .flatMap((command) =>
      command.options
        .filter((option) => option.prompt !== undefined && option.default === undefined)
        .map(
          (option): Found => ({
            rule: 'prompt-without-default',
            command,
            message: `${typed(manifest, command)} asks for ${option.flag} when it is not given: an agent calling this read_only command is refused or asked every time`,
            fix: `options.${option.key}.default: … (or drop its prompt)`,
          }),
        ),
    );

/** A secret written into the program: every copy of it carries the value. */
export const secretDefault: Rule = ({ manifest }) =>
  everyCommand(manifest).flatMap((command) =>
    command.options
      .filter((option) => option.secret && option.default !== undefined)
      .map(
        (option): Found => ({
          rule: 'secret-default',
          command,
          message: `${typed(manifest, command)} ${option.flag} is secret and has a default: the value sits in the program's source, for anyone who has a copy`,
          fix: `drop options.${option.key}.default and read it from ${option.env ?? 'an environment variable'}`,
        }),
      ),
  );

/** A secret only a flag can give: shell history and the process list keep what is typed. */
export const secretWithoutEnv: Rule = ({ manifest, foreign }) =>
  everyCommand(manifest).flatMap((command) =>
    command.options
      .filter((option) => option.secret && option.env === undefined)
      .map(
        (option): Found => ({
          rule: 'secret-without-env',
          command,
          message: `${typed(manifest, command)} ${option.flag} is secret but reads no environment variable: typed as a flag, it stays in shell history and the process list`,
          ...(foreign
            ? {}
            : {
                fix: `options.${option.key}.env: '${toScreamingSnake(`${manifest.name}-${option.key}`.replace(/[^A-Za-z0-9]+/g, '-'))}'`,
              }),
        }),
      ),
  );
