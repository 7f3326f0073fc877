import { describe, expect, it } from 'vitest';
import { Command, asProgram as commanderProgram, Option } from '../src/adapters/commander/index.js';
import yargs, { type Argv, asProgram as yargsProgram } from '../src/adapters/yargs/index.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { runProgram } from '../src/testing/index.js';

// One program, declared three ways, restricted to what all three express: a version, commands with
// descriptions and effects, a required and an optional positional, a string option with a short
// name, choices and a default, a whole-number option with a default, a boolean flag, a hidden
// command (absent from the schema) and a withheld one (present, marked).
const native = defineProgram({
  name: 'ship',
  version: '1.0.0',
  commands: [
    defineCommand({
      name: 'deploy',
      description: 'Deploy a build',
      effects: 'non_idempotent',
      arguments: [
        { name: 'target', description: 'where to deploy' },
        { name: 'note', description: 'a note for the log', required: false },
      ],
      options: {
        region: {
          type: 'string',
          short: 'r',
          description: 'region to deploy in',
          choices: ['eu', 'us'],
          default: 'eu',
        },
        count: { type: 'number', description: 'how many copies', default: 1 },
        dryRun: { type: 'boolean', description: 'only plan' },
      },
      run: () => null,
    }),
    defineCommand({ name: 'status', description: 'Show the status', effects: 'read_only', run: () => null }),
    defineCommand({ name: 'purge', description: 'Delete everything', effects: 'withheld', run: () => null }),
    defineCommand({ name: 'debug', description: 'Internal', effects: 'read_only', hidden: true, run: () => null }),
  ],
});

function withCommander(): Command {
  const program = new Command('ship').version('1.0.0');
  program
    .command('deploy')
    .description('Deploy a build')
    .argument('<target>', 'where to deploy')
    .argument('[note]', 'a note for the log')
    .addOption(new Option('-r, --region <region>', 'region to deploy in').choices(['eu', 'us']).default('eu'))
    .option('--count <n>', 'how many copies', Number, 1)
    .option('--dry-run', 'only plan')
    .effects('non_idempotent')
    .action(() => {});
  program
    .command('status')
    .description('Show the status')
    .effects('read_only')
    .action(() => {});
  program
    .command('purge')
    .description('Delete everything')
    .effects('withheld')
    .action(() => {});
  program
    .command('debug', { hidden: true })
    .description('Internal')
    .effects('read_only')
    .action(() => {});
  return program;
}

function withYargs() {
  return yargs([])
    .scriptName('ship')
    .version('1.0.0')
    .command(
      'deploy <target> [note]',
      'Deploy a build',
      (y: Argv) =>
        y
          .positional('target', { describe: 'where to deploy', type: 'string' })
          .positional('note', { describe: 'a note for the log', type: 'string' })
          .option('region', {
            alias: 'r',
            type: 'string',
            describe: 'region to deploy in',
            choices: ['eu', 'us'],
            default: 'eu',
          })
          .option('count', { type: 'number', describe: 'how many copies', default: 1 })
          .option('dry-run', { type: 'boolean', describe: 'only plan' })
          .effects('non_idempotent'),
      () => null,
    )
    .command(
      'status',
      'Show the status',
      (y: Argv) => y.effects('read_only'),
      () => null,
    )
    .command(
      'purge',
      'Delete everything',
      (y: Argv) => y.effects('withheld'),
      () => null,
    )
    .command(
      'debug',
      false,
      (y: Argv) => y.effects('read_only'),
      () => null,
    );
}

describe('S6 · one program declared natively, with commander and with yargs', () => {
  it('S6 · --schema is byte-identical on all three', async () => {
    const documents = await Promise.all([
      runProgram(native, ['--schema']),
      runProgram(await commanderProgram(withCommander()), ['--schema']),
      runProgram(await yargsProgram(withYargs()), ['--schema']),
    ]);
    const [fromNative, fromCommander, fromYargs] = documents.map((result) => result.stdout);
    expect(fromNative).toContain('"name":"deploy"');
    expect(fromCommander).toBe(fromNative);
    expect(fromYargs).toBe(fromNative);
  });

  it('S6 · drilling into one command agrees too', async () => {
    const argv = ['deploy', '--schema'];
    const fromNative = (await runProgram(native, argv)).stdout;
    expect((await runProgram(await commanderProgram(withCommander()), argv)).stdout).toBe(fromNative);
    expect((await runProgram(await yargsProgram(withYargs()), argv)).stdout).toBe(fromNative);
  });
});
