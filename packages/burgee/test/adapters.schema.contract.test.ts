import { describe, expect, it } from 'vitest';
import { Argument, Command, asProgram as commanderProgram, Option } from '../src/adapters/commander/index.js';
import yargs, { type Argv, asProgram as yargsProgram } from '../src/adapters/yargs/index.js';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, runProgram } from '../src/testing/index.js';
import { envelopeOf } from './support/mcp.js';

// One program, declared three ways, restricted to what all three express: a version, commands with
// descriptions and effects, a required positional with choices, an optional one and an optional
// number, a string option with a short
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
        { name: 'target', description: 'where to deploy', choices: ['prod', 'staging'] },
        { name: 'note', description: 'a note for the log', required: false },
        { name: 'replicas', type: 'number', description: 'how many replicas', required: false },
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
    .addArgument(new Argument('<target>', 'where to deploy').choices(['prod', 'staging']))
    .argument('[note]', 'a note for the log')
    .argument('[replicas]', 'how many replicas', Number)
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
      'deploy <target> [note] [replicas]',
      'Deploy a build',
      (y: Argv) =>
        y
          .positional('target', { describe: 'where to deploy', type: 'string', choices: ['prod', 'staging'] })
          .positional('note', { describe: 'a note for the log', type: 'string' })
          .positional('replicas', { describe: 'how many replicas', type: 'number' })
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
    // What each argument accepts is its inputSchema property (N5); arguments[] names them in order.
    expect(fromNative).toContain('"arguments":[{"name":"target"},{"name":"note"},{"name":"replicas"}]');
    expect(fromNative).toContain(
      '"target":{"type":"string","description":"where to deploy","enum":["prod","staging"]}',
    );
    expect(fromNative).toContain('"replicas":{"type":"number","description":"how many replicas"}');
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

describe('M3 · D4 · a number argument of a commander or yargs program is a number over MCP too', () => {
  it('M3 · the tool takes a JSON number, and the host parses the word it is written as', async () => {
    const commander = new Command('tool');
    commander
      .command('scale')
      .argument('<replicas>', 'how many', Number)
      .effects('read_only')
      .action((replicas: number) => ({ replicas, kind: typeof replicas }));
    const fromYargs = yargs([])
      .scriptName('tool')
      .command(
        'scale <replicas>',
        'Scale',
        (y: Argv) => y.positional('replicas', { describe: 'how many', type: 'number' }).effects('read_only'),
        () => null,
      );
    for (const program of [await commanderProgram(commander), await yargsProgram(fromYargs)]) {
      const client = await connectMcp(program);
      try {
        const { tools } = await client.listTools();
        expect(tools.find((t) => t.name === 'scale')?.inputSchema.properties).toMatchObject({
          replicas: { type: 'number' },
        });
        const refused = await client.callTool({ name: 'scale', arguments: { replicas: 'three' } });
        expect(envelopeOf(refused)).toMatchObject({
          ok: false,
          error: { code: 2, message: 'argument "replicas" expects a number, got a string' },
        });
      } finally {
        await client.close();
      }
    }
    const client = await connectMcp(await commanderProgram(commander));
    try {
      const result = await client.callTool({ name: 'scale', arguments: { replicas: 3 } });
      expect(envelopeOf(result)).toMatchObject({ ok: true, data: { replicas: 3, kind: 'number' } });
    } finally {
      await client.close();
    }
  });
});
