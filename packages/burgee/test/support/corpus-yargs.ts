import type { Case } from './differential.js';

/**
 * yargs programs, each written once with `__IMPORT__` for `yargs` or `burgee/yargs`. Handlers
 * print what they received and return it, so a plain run compares byte for byte with yargs'
 * (adapters.yargs.differential) and a tool call's data with `--json`'s (adapters.mcp.differential).
 */
export const yargsCases: Case[] = [
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
    (argv) => {
      const data = { target: argv.target, note: argv.note, region: argv.region, dryRun: argv.dryRun, count: argv.count };
      console.log(JSON.stringify(data));
      return data;
    })
  .command(['remove <ids..>', 'rm'], 'Remove things', () => {}, (argv) => { console.log('removing', argv.ids.join(',')); return { ids: argv.ids }; })
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
    calls: [
      ['deploy', ['deploy', 'prod']],
      ['deploy', ['deploy', 'prod', 'hello', '-r', 'us', '--dry-run', '--count', '3']],
      ['deploy', ['deploy', 'prod', '--no-dry-run']],
      ['deploy', ['deploy', 'prod', '--region', 'mars'], { target: 'prod', region: 'mars' }],
      ['remove', ['rm', 'a', 'b', 'c']],
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
    // No handler: the root is a tool run as the program's own process, whose data is null
    // (what it prints, and its words, are checked in adapters.after-parse.test.ts).
    calls: [['cli', []]],
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
      return { name: argv.name, url: argv.url, stamp: argv.stamp };
    }).command('list', 'List remotes', { verbose: { type: 'boolean', alias: 'v' } }, (argv) => { console.log('list', argv.verbose ?? false); return { verbose: argv.verbose }; })
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
    calls: [
      ['remote_add', ['remote', 'add', 'origin', 'git@x']],
      ['remote_list', ['remote', 'list', '-v']],
      ['remote_list', ['remote', 'list', '--no-verbose']],
      ['boom', ['boom'], {}],
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
    (argv) => { const data = { files: argv.files, tag: argv.tag ?? [], v: argv.v }; console.log(JSON.stringify(data)); return data; })
  .showHelpOnFail(false, 'try --help')
  .parse();`,
    runs: [['a', 'b'], ['--tag', 'x', 'y', '-vvv'], ['--help'], ['--secret', 's', 'f'], ['--show-hidden']],
    calls: [
      // Named by its script, cli.mjs, as commander names an unnamed program.
      ['cli', ['a', 'b']],
      ['cli', ['--tag', 'x', 'y', '-vvv']],
      ['cli', ['a', '-v', '--tag', 'x']],
    ],
  },
  {
    title: 'a positional beside an array option, a variadic positional, counts and booleans given false',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
yargs(hideBin(process.argv))
  .scriptName('todo')
  .strict()
  .command('add <title>', 'Add a task', (y) =>
    y.positional('title', { type: 'string' })
      .option('tag', { type: 'array', string: true, describe: 'tags' })
      .option('v', { type: 'count' })
      .option('done', { type: 'boolean' }),
    (argv) => { const data = { title: argv.title, tag: argv.tag, v: argv.v, done: argv.done }; console.log(JSON.stringify(data)); return data; })
  .command('label <names..>', 'Label tasks', (y) => y.option('force', { type: 'boolean', default: false }),
    (argv) => { const data = { names: argv.names, force: argv.force }; console.log(JSON.stringify(data)); return data; })
  .parse();`,
    runs: [
      ['add', 'milk', '--tag', 'a', 'b'],
      ['add', '--tag', 'a', '--tag', 'b', '--', 'milk'],
      ['add', 'milk', '--no-done', '-vv'],
      ['label', 'x', 'y', '--force'],
      ['label', 'x', '--no-force'],
      ['add', '--help'],
    ],
    calls: [
      ['add', ['add', 'milk', '--tag', 'a', 'b']],
      ['add', ['add', 'milk', '--no-done', '-vv']],
      ['add', ['add', 'milk', '--done']],
      ['label', ['label', 'x', 'y', '--force']],
      ['label', ['label', 'x', '--no-force']],
    ],
  },
  {
    title: 'a positional beside an array option of no other type, as most yargs programs write it',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
yargs(hideBin(process.argv))
  .command('add <title>', 'Add a task', (y) => y.option('tag', { type: 'array' }),
    (argv) => { const data = { title: argv.title, tag: argv.tag }; console.log(JSON.stringify(data)); return data; })
  .parse();`,
    runs: [
      ['add', 'milk', '--tag', 'a', 'b'],
      ['add', '--tag', 'a', 'b', 'milk'],
      ['add', 'milk'],
      ['add', '--help'],
    ],
    calls: [
      // The call's line must not put the title after the tags, which would take it as one more.
      ['add', ['add', 'milk', '--tag', 'a', 'b']],
      ['add', ['add', 'milk', '--tag', 'a']],
      ['add', ['add', 'milk']],
    ],
  },
  {
    title: 'global options, given before or after the command, and one kept to its level',
    source: `import yargs from '__IMPORT__';
import { hideBin } from 'yargs/helpers';
const pick = (argv, keys) => Object.fromEntries(keys.filter((k) => argv[k] !== undefined).map((k) => [k, argv[k]]));
yargs(hideBin(process.argv))
  .option('region', { type: 'string', default: 'eu', describe: 'region' })
  .option('trace', { type: 'boolean', describe: 'log more' })
  .option('local', { type: 'string', global: false, describe: 'the top level only' })
  .command('deploy <target>', 'Deploy', (y) => y.option('dry-run', { type: 'boolean' }),
    (argv) => { const data = { target: argv.target, ...pick(argv, ['region', 'trace', 'dryRun', 'local']) }; console.log(JSON.stringify(data)); return data; })
  .parse();`,
    runs: [
      ['deploy', 'prod', '--region', 'us'],
      ['--trace', 'deploy', 'prod'],
      ['deploy', 'prod', '--local', 'x'],
      ['deploy', '--help'],
    ],
    calls: [
      ['deploy', ['deploy', 'prod', '--region', 'us', '--trace']],
      ['deploy', ['--region', 'ap', 'deploy', 'prod', '--dry-run']],
    ],
  },
];
