import type { Case } from './differential.js';

/**
 * commander programs, each written once with `__IMPORT__` for `commander` or `burgee/commander`.
 * Actions print what they received and return it, so a plain run compares byte for byte with
 * commander's (adapters.commander.differential) and a tool call's data with `--json`'s
 * (adapters.mcp.differential).
 */
export const commanderCases: Case[] = [
  {
    title: 'a program with subcommands, options, a version and a description',
    source: `import { Command } from '__IMPORT__';
const program = new Command();
program.name('tool').description('Ships builds').version('1.2.3');
program.command('deploy').description('Deploy a build').argument('<target>', 'where to deploy')
  .option('-r, --region <region>', 'region', 'eu').option('--dry-run', 'plan only')
  .action((target, options) => { const data = { target, ...options }; console.log(JSON.stringify(data)); return data; });
const remote = program.command('remote').description('Manage remotes');
remote.command('add').argument('<name>').argument('<url>').action((name, url) => { console.log(name, url); return { name, url }; });
remote.command('list').option('-v, --verbose').action((o) => { console.log('list', o.verbose ?? false); return o; });
program.parse();`,
    runs: [
      ['--help'],
      ['deploy', '--help'],
      ['remote', '--help'],
      ['remote', 'add', '--help'],
      ['help', 'deploy'],
      ['--version'],
      ['-V'],
      ['deploy', 'prod'],
      ['deploy', 'prod', '-r', 'us', '--dry-run'],
      ['deploy', 'prod', '--region=ap'],
      ['deploy'],
      ['deploy', 'prod', '--regon', 'us'],
      ['deploi', 'prod'],
      ['remote'],
      ['remote', 'add', 'origin', 'git@x'],
      ['remote', 'lst'],
      ['remote', 'list', '-v'],
      [],
      ['deploy', 'prod', 'extra'],
      ['deploy', 'prod', '--', '--json'],
      ['deploy', 'prod', '--region'],
    ],
    calls: [
      ['deploy', ['deploy', 'prod']],
      ['deploy', ['deploy', 'prod', '-r', 'us', '--dry-run']],
      ['deploy', ['deploy', '--region=ap', '--', '-prod']],
      ['remote_add', ['remote', 'add', 'origin', 'git@x']],
      ['remote_list', ['remote', 'list', '-v']],
      ['remote_list', ['remote', 'list']],
    ],
  },
  {
    title: 'program and group options, which commander reads after a subcommand too',
    source: `import { Command } from '__IMPORT__';
const program = new Command('tool');
program.option('-r, --region <region>', 'region', 'eu').option('--trace', 'log more');
program.command('deploy').argument('<target>').option('--dry-run', 'plan only')
  .action((target, options, command) => { const data = { target, ...command.optsWithGlobals() }; console.log(JSON.stringify(data)); return data; });
const remote = program.command('remote').option('--zone <zone>', 'which zone');
remote.command('list').action((options, command) => { const data = command.optsWithGlobals(); console.log(JSON.stringify(data)); return data; });
program.parse();`,
    runs: [
      ['deploy', 'prod', '--region', 'us'],
      ['--trace', 'deploy', 'prod'],
      ['remote', 'list', '--zone', 'b', '--trace'],
      ['remote', '--zone', 'a', 'list'],
      ['deploy', '--help'],
    ],
    calls: [
      ['deploy', ['deploy', 'prod', '-r', 'us', '--trace']],
      ['deploy', ['--region', 'ap', 'deploy', 'prod', '--dry-run']],
      ['remote_list', ['remote', 'list', '--zone', 'b']],
      ['remote_list', ['remote', '--zone', 'a', 'list', '--region', 'us', '--trace']],
    ],
  },
  {
    title: 'variadic arguments and options, choices, negatable booleans, defaults',
    source: `import { Command, Option } from '__IMPORT__';
const program = new Command('pack');
program.argument('<files...>', 'files to pack')
  .option('-t, --tag <tags...>', 'tags')
  .option('--no-color', 'plain output')
  .option('--cheese', 'add cheese').option('--no-cheese', 'no cheese')
  .addOption(new Option('-l, --level <level>', 'level').choices(['low', 'high']).default('low'))
  .option('-n, --count <n>', 'how many', (v) => Number.parseInt(v, 10), 1)
  .action((files, options) => { const data = { files, ...options }; console.log(JSON.stringify(data)); return data; });
program.parse();`,
    runs: [
      ['a', 'b', 'c'],
      ['a', '-t', 'x', 'y', '--', 'z'],
      ['a', '--no-color'],
      ['a', '--cheese'],
      ['a', '--no-cheese'],
      ['a', '--level', 'mid'],
      ['a', '-l', 'high', '-n', '3'],
      ['--help'],
      [],
    ],
    calls: [
      ['pack', ['a', 'b', 'c']],
      ['pack', ['a', '-t', 'x', 'y', '--', 'z']],
      ['pack', ['a', '--no-color']],
      ['pack', ['a', '--cheese']],
      ['pack', ['a', '--no-cheese']],
      ['pack', ['a', '-l', 'high', '-n', '3']],
    ],
  },
  {
    title: 'passThroughOptions, allowUnknownOption, excess arguments',
    source: `import { Command } from '__IMPORT__';
const program = new Command('wrap');
program.enablePositionalOptions();
program.command('exec').argument('<cmd>').argument('[args...]').passThroughOptions()
  .option('-q, --quiet').action((cmd, args, o) => { console.log(cmd, JSON.stringify(args), o.quiet ?? false); return { cmd, args, ...o }; });
program.command('loose').allowUnknownOption().allowExcessArguments()
  .action(function () { console.log(JSON.stringify(this.args)); return this.args; });
program.command('strict').allowExcessArguments(false).action(() => { console.log('strict'); return 'strict'; });
program.parse();`,
    runs: [
      ['exec', 'ls', '-la', '--quiet'],
      ['exec', '-q', 'ls', '-la'],
      ['loose', '--what', 'ever', 'x'],
      ['strict', 'extra'],
    ],
    calls: [
      ['exec', ['exec', 'ls', '-la', '--quiet']],
      ['exec', ['exec', '-q', 'ls', '-la']],
      ['loose', ['loose']],
      ['strict', ['strict']],
    ],
  },
  {
    title: 'exitOverride, configureOutput, showHelpAfterError, showSuggestionAfterError(false)',
    source: `import { Command } from '__IMPORT__';
const program = new Command('quiet');
program.exitOverride().showHelpAfterError('(add --help for more)')
  .configureOutput({ writeErr: (s) => process.stdout.write('[err] ' + s), outputError: (s, write) => write('!! ' + s) });
program.command('go').requiredOption('--to <where>', 'destination').action((o) => { console.log('to', o.to); return o; });
program.command('nosuggest').showSuggestionAfterError(false).option('--alpha').action((o) => { console.log('ok'); return o; });
try { await program.parseAsync(); }
catch (error) { console.log('caught', error.code, error.exitCode); process.exitCode = 9; }`,
    runs: [['go'], ['go', '--to', 'x'], ['go', '--tox', 'x'], ['nosuggest', '--alpah'], ['--help'], ['gone']],
    calls: [
      ['go', ['go', '--to', 'x']],
      ['go', ['go'], {}],
      ['nosuggest', ['nosuggest', '--alpha']],
    ],
  },
  {
    title: 'async actions, hooks, program.error with its own exit code, process.exitCode',
    source: `import { Command } from '__IMPORT__';
const program = new Command('life');
program.hook('preAction', (self, action) => console.log('pre', action.name()))
  .hook('postAction', () => console.log('post'));
program.command('slow').action(async () => { await new Promise((r) => setTimeout(r, 20)); console.log('slow done'); return { slow: true }; });
program.command('broke').action(() => program.error('it broke', { exitCode: 3, code: 'life.broke' }));
program.command('code').action(() => { console.error('failing softly'); process.exitCode = 4; });
await program.parseAsync();`,
    runs: [['slow'], ['broke'], ['code'], ['--help']],
    calls: [
      ['slow', ['slow']],
      ['broke', ['broke'], {}],
      ['code', ['code'], {}],
    ],
  },
  {
    title: 'environment variables, mandatory options, implied and conflicting options, custom argument parsers',
    source: `import { Command, Option, InvalidArgumentError } from '__IMPORT__';
const port = (v) => { const n = Number(v); if (!Number.isInteger(n)) throw new InvalidArgumentError('not a whole number'); return n; };
const program = new Command('serve');
program.addOption(new Option('-p, --port <port>', 'port').env('PORT').argParser(port).default(8080))
  .addOption(new Option('--token <token>', 'secret').env('TOKEN').makeOptionMandatory())
  .addOption(new Option('--quiet').conflicts('verbose')).option('--verbose')
  .addOption(new Option('--fast').implies({ level: 'max' })).option('--level <l>')
  .addOption(new Option('--secret-mode').hideHelp())
  .action((o) => { console.log(JSON.stringify(o)); return o; });
program.parse();`,
    env: { TOKEN: 't0k' },
    runs: [[], ['--port', 'x'], ['--port', '9'], ['--quiet', '--verbose'], ['--fast'], ['--help'], ['--token']],
    calls: [
      ['serve', []],
      ['serve', ['--port', '9']],
      ['serve', ['--quiet', '--verbose'], { quiet: true, verbose: true }],
      ['serve', ['--fast']],
    ],
  },
  {
    title: 'a program that reads its options after parse(), with no action',
    source: `import { program } from '__IMPORT__';
program.option('-d, --debug', 'debug').option('-s, --size <size>', 'size', 'M').parse();
console.log(JSON.stringify(program.opts()), JSON.stringify(program.args));`,
    runs: [[], ['-d', '-s', 'L'], ['--size'], ['--bogus'], ['-h']],
    // No action: the root is a tool run as the program's own process, whose data is null
    // (what it prints, and its words, are checked in adapters.after-parse.test.ts).
    calls: [['cli', []]],
  },
  {
    title: 'aliases, hidden commands, a help command of its own name, and a default command',
    source: `import { Command } from '__IMPORT__';
const program = new Command('al');
program.command('install').alias('i').argument('[pkg]').action((pkg) => { console.log('install', pkg ?? '(all)'); return { pkg }; });
program.command('secret', { hidden: true }).action(() => console.log('secret'));
program.command('start', { isDefault: true }).action(() => { console.log('started'); return 'started'; });
program.helpCommand('assist [cmd]', 'show assistance');
program.parse();`,
    runs: [['i', 'left-pad'], ['secret'], [], ['--help'], ['assist', 'install'], ['instal']],
    calls: [
      ['install', ['i', 'left-pad']],
      ['install', ['install']],
      ['start', []],
    ],
  },
  {
    title: 'a positional beside a variadic option, a flag with an optional value, a count, a lone --no-x',
    source: `import { Command } from '__IMPORT__';
const program = new Command('todo');
program.command('add').argument('<title>').option('-t, --tag <tags...>', 'tags').option('-c, --colour [name]', 'a colour')
  .option('-v, --verbose', 'more', (_, n) => n + 1, 0).option('--no-done', 'still to do')
  .action((title, o) => { const data = { title, ...o }; console.log(JSON.stringify(data)); return data; });
program.parse();`,
    runs: [
      ['add', 'milk', '-t', 'a', 'b'],
      ['add', '-t', 'a', 'b', '--', 'milk'],
      ['add', 'milk', '--colour'],
      ['add', 'milk', '--colour', 'red'],
      ['add', 'milk', '-vvv', '--no-done'],
      ['add', '--', '-milk'],
      ['add', '--help'],
    ],
    calls: [
      ['add', ['add', 'milk', '-t', 'a', 'b']],
      ['add', ['add', '-t', 'a', 'b', '--', 'milk']],
      ['add', ['add', 'milk', '--colour']],
      ['add', ['add', 'milk', '--colour', 'red']],
      ['add', ['add', 'milk', '-vvv', '--no-done']],
      ['add', ['add', '--', '-milk']],
    ],
  },
];
