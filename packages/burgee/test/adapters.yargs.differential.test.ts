import { afterAll, describe, expect, it } from 'vitest';
import { type Case, runPair, writePairs } from './support/differential.js';

// Each program is written once with `__IMPORT__` and run twice per argv: importing `yargs`, and
// importing `burgee/yargs`. No run uses a surface burgee adds, so every byte must match (F2).
const cases: Case[] = [
  {
    title: 'strict positional commands with defaults, choices, aliases, demandCommand and recommendCommands',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
yargs(hideBin(process.argv))
  .scriptName('tool')
  .version('1.2.3')
  .strict()
  .demandCommand(1, 'name a command')
  .recommendCommands()
  .command('deploy <target> [note]', 'Deploy a build', (y) =>
    y.positional('target', { describe: 'where to deploy' })
      .option('region', { alias: 'r', choices: ['eu', 'us'], default: 'eu', describe: 'region' })
      .option('dry-run', { type: 'boolean', describe: 'plan only' })
      .option('count', { type: 'number', default: 1 }),
    (argv) => console.log(JSON.stringify({ target: argv.target, note: argv.note, region: argv.region, dryRun: argv.dryRun, count: argv.count })))
  .command(['remove <ids..>', 'rm'], 'Remove things', () => {}, (argv) => console.log('removing', argv.ids.join(',')))
  .parse();`,
    runs: [
      ['--help'],
      ['deploy', '--help'],
      ['--version'],
      [],
      ['deploy', 'prod'],
      ['deploy', 'prod', 'hello', '-r', 'us', '--dry-run', '--count', '3'],
      ['deploy'],
      ['deploy', 'prod', '--region', 'mars'],
      ['deploy', 'prod', '--regon', 'us'],
      ['deplyo', 'prod'],
      ['rm', 'a', 'b', 'c'],
      ['remove'],
      ['deploy', 'prod', '--no-dry-run'],
      ['deploy', 'prod', '--count', 'x'],
    ],
  },
  {
    title: 'non-strict programs that read argv directly, with env bindings and defaults',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
const argv = yargs(hideBin(process.argv))
  .env('TOOL')
  .option('name', { type: 'string', default: 'world', describe: 'who to greet' })
  .option('loud', { type: 'boolean', alias: 'l' })
  .option('times', { type: 'number', demandOption: true })
  .parseSync();
console.log(JSON.stringify({ name: argv.name, loud: argv.loud ?? null, times: argv.times, rest: argv._ }));`,
    env: { TOOL_TIMES: '2' },
    runs: [[], ['--name', 'ann', '-l'], ['--unknown', 'x', 'extra'], ['--times', '5'], ['--help'], ['--version']],
  },
  {
    title: 'fail handlers, middleware, async handlers and nested commands',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
await yargs(hideBin(process.argv))
  .scriptName('nest')
  .strict()
  .fail((message, error) => { console.error('FAILED:', message ?? error?.message); process.exit(3); })
  .middleware((argv) => { argv.stamp = 'mw'; })
  .command('remote', 'Manage remotes', (y) =>
    y.command('add <name> <url>', 'Add a remote', {}, async (argv) => {
      await new Promise((r) => setTimeout(r, 10));
      console.log('added', argv.name, argv.url, argv.stamp);
    }).command('list', 'List remotes', { verbose: { type: 'boolean', alias: 'v' } }, (argv) => console.log('list', argv.verbose ?? false))
      .demandCommand(1), () => {})
  .command('boom', 'Rejects', {}, async () => { throw new Error('async boom'); })
  .demandCommand(1)
  .parseAsync()
  .catch((error) => { console.error('caught:', error.message); process.exitCode = 5; });`,
    runs: [
      ['remote', 'add', 'origin', 'git@x'],
      ['remote', 'list', '-v'],
      ['remote'],
      ['remote', 'add', 'origin'],
      ['remote', '--help'],
      ['remote', 'add', '--help'],
      ['boom'],
      ['nope'],
      [],
      ['--help'],
    ],
  },
  {
    title: 'a default command, hidden options, counts, arrays and a usage line',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
yargs(hideBin(process.argv))
  .usage('$0 [files..]', 'Pack files', (y) =>
    y.positional('files', { describe: 'files to pack', type: 'string' })
      .option('tag', { type: 'array', describe: 'tags' })
      .option('v', { type: 'count', describe: 'verbosity' })
      .option('secret', { type: 'string', hidden: true }),
    (argv) => console.log(JSON.stringify({ files: argv.files, tag: argv.tag ?? [], v: argv.v })))
  .showHelpOnFail(false, 'try --help')
  .parse();`,
    runs: [['a', 'b'], ['--tag', 'x', 'y', '-vvv'], ['--help'], ['--secret', 's', 'f'], ['--show-hidden']],
  },
];

const corpus = writePairs(cases, 'yargs', 'burgee/yargs');
afterAll(() => corpus.dispose());

const total = cases.reduce((n, c) => n + c.runs.length, 0);

describe(`F2 · yargs and burgee/yargs answer ${total} command lines byte for byte alike`, () => {
  it('F2 · the corpus holds at least 30 yargs behaviours', () => {
    expect(total).toBeGreaterThanOrEqual(30);
  });
  cases.forEach((c, i) => {
    it(`F2 · ${c.title}`, async () => {
      const pair = corpus.pairs[i]!;
      for (const argv of c.runs) {
        const { host, adapter } = await runPair(pair, argv, c.env);
        expect({ argv, ...adapter }).toEqual({ argv, ...host });
      }
    });
  });
});
