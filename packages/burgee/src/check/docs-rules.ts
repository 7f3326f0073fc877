import type { ManifestOption } from '../manifest/types.js';
import { visibleOptions } from '../projections/schema/index.js';
import { typed, visibleCommands } from './commands.js';
import type { Found, Rule } from './types.js';

/**
 * What a caller reads before running a command: its description, an example, a line for each
 * option and argument. Hidden commands and options are left out: nobody is shown them.
 */

const runnable: (scene: Parameters<Rule>[0]) => ReturnType<typeof visibleCommands> = ({ manifest }) =>
  visibleCommands(manifest).filter((command) => command.runnable);

/** A runnable command with neither description nor summary: help, `--schema` and its tool say nothing. */
export const missingDescription: Rule = (scene) =>
  runnable(scene)
    .filter((command) => command.description === undefined && command.summary === undefined)
    .map((command) => ({
      rule: 'missing-description',
      command,
      message: `${typed(scene.manifest, command)} has no description: help, --schema and its MCP tool say nothing of what it does`,
      ...(scene.foreign ? {} : { fix: "description: 'What it does, in a sentence'" }),
    }));

/** A runnable command without an example; not asked of commander and yargs programs, whose examples burgee does not read. */
export const missingExample: Rule = (scene) =>
  scene.foreign
    ? []
    : runnable(scene)
        .filter((command) => command.examples.length === 0)
        .map((command) => ({
          rule: 'missing-example',
          command,
          message: `${typed(scene.manifest, command)} has no example: an agent learns a call fastest from one, in help, --schema and its tool description`,
          fix: `examples: ['${typed(scene.manifest, command)} …']`,
        }));

/**
 * A visible option of a runnable command with no description. An option the commands below share
 * (an adapter program's global options: one object, listed under each) is reported once, at the first.
 */
export const missingOptionDescription: Rule = (scene) => {
  const reported = new Set<ManifestOption>();
  const first = (option: ManifestOption): boolean => {
    if (reported.has(option)) return false;
    reported.add(option);
    return true;
  };
  return runnable(scene).flatMap((command) =>
    visibleOptions(command)
      .filter((option) => option.description === undefined && first(option))
      .map(
        (option): Found => ({
          rule: 'missing-option-description',
          command,
          message: `${typed(scene.manifest, command)} ${option.flag} has no description: help and the inputSchema agents read say nothing of it`,
          ...(scene.foreign ? {} : { fix: `options.${option.key}.description: 'what it sets'` }),
        }),
      ),
  );
};

/** A positional argument of a runnable command with no description. */
export const missingArgumentDescription: Rule = (scene) =>
  runnable(scene).flatMap((command) =>
    command.arguments
      .filter((argument) => argument.description === undefined)
      .map(
        (argument): Found => ({
          rule: 'missing-argument-description',
          command,
          message: `${typed(scene.manifest, command)} <${argument.name}> has no description: help and the inputSchema agents read say nothing of it`,
          ...(scene.foreign
            ? {}
            : { fix: `arguments[${command.arguments.indexOf(argument)}].description: 'what it names'` }),
        }),
      ),
  );

/** A visible group below the root with no description: help lists it with an empty line. */
export const missingGroupDescription: Rule = (scene) =>
  visibleCommands(scene.manifest)
    .filter((command) => !command.runnable && command.path.length > 0)
    .filter((command) => command.description === undefined && command.summary === undefined)
    .map((command) => ({
      rule: 'missing-group-description',
      command,
      message: `${typed(scene.manifest, command)} is a group with no description: help lists it with nothing beside its name`,
      ...(scene.foreign ? {} : { fix: "description: 'What its commands are for'" }),
    }));

/**
 * A program of several commands with no description: the root help, `--schema` and every listing
 * start empty. Not asked of commander and yargs programs: yargs has no description burgee reads.
 */
export const missingProgramDescription: Rule = ({ manifest, foreign }) =>
  foreign || manifest.root.runnable || manifest.description !== undefined
    ? []
    : [
        {
          rule: 'missing-program-description',
          message: `${manifest.name} has no description: the root help and --schema do not say what it is for`,
          fix: "defineProgram({ description: 'What it is for, in a sentence' })",
        },
      ];
