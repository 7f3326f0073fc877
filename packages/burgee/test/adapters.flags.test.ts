import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { type Case, runPair, writePairs } from './support/differential.js';

// burgee's flags are burgee's only where the host would not take the word as a value (F1, F3), and
// `--explain <option>` answers from the host's own parse, running nothing (P5).
const say: Case = {
  title: 'options that take values, a group of short flags, a pass-through command, hooks',
  source: `import { Command, Option } from '__IMPORT__';
const program = new Command('tool').enablePositionalOptions();
program.hook('preAction', () => console.error('preAction hook ran'));
program.command('say').argument('<word>').option('-m, --message <text>').option('-v, --verbose')
  .option('-c, --colour [name]', 'an optional value').option('-r, --region <region>', 'region', 'eu').addOption(new Option('--port <n>', 'port').env('PORT').argParser(Number))
  .action((word, options) => { console.log(JSON.stringify({ word, ...options })); return { word, ...options }; });
program.command('exec').argument('<cmd>').argument('[args...]').passThroughOptions()
  .action((cmd, args) => { console.log(JSON.stringify({ cmd, args })); return { cmd, args }; });
await program.parseAsync();`,
  runs: [],
};
const yargsSay: Case = {
  title: 'the same, with yargs',
  source: `import yargs from '__IMPORT__';
await yargs(process.argv.slice(2)).scriptName('tool').env('TOOL')
  .middleware(() => console.error('middleware ran'))
  .command('say <word>', 'Says', (y) => y.option('message', { alias: 'm', type: 'string' }).option('region', { type: 'string', default: 'eu' }),
    (argv) => { console.log(JSON.stringify({ word: argv.word, message: argv.message })); return { word: argv.word, region: argv.region }; })
  .parseAsync();`,
  runs: [],
};

const commander = writePairs([say], 'commander', 'burgee/commander');
const yargs = writePairs([yargsSay], 'yargs', 'burgee/yargs');
afterAll(() => {
  commander.dispose();
  yargs.dispose();
});

describe('F1 · F3 · a word commander takes as a value stays commander’s', () => {
  it.each([
    [['say', 'hello', '--message', '--json']],
    [['say', 'hello', '-m', '--schema']],
    [['say', 'hello', '-vm', '--mcp']],
    [['say', '--message', '--explain', 'hello']],
    [['exec', 'ls', '-la', '--json']],
  ])('F1 · %j runs as commander runs it, byte for byte', async (argv) => {
    const { host, adapter } = await runPair(commander.pairs[0]!, argv);
    expect(host.code).toBe(0);
    expect(adapter).toEqual(host);
  });

  it('F1 · where commander would not take it as a value, the flag is burgee’s', async () => {
    const script = commander.pairs[0]!.adapter;
    const json = await runCli(script, ['say', 'hello', '--message', '--json', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, data: { word: 'hello', message: '--json' } });
    // An optional value takes no flag: --json after --colour is burgee's.
    const optional = await runCli(script, ['say', 'hello', '--colour', '--json']);
    expect(JSON.parse(optional.stdout)).toMatchObject({ ok: true, data: { word: 'hello', colour: true } });
    const passed = await runCli(script, ['exec', '--json', 'ls', '-la']);
    expect(JSON.parse(passed.stdout)).toMatchObject({ ok: true, data: { cmd: 'ls', args: ['-la'] } });
  });
});

// yargs reads TOOL_REGION too (the program's `.env('TOOL')`); commander's --region reads no variable.
const envRow = { source: 'env', location: 'TOOL_REGION', value: null, used: false };
describe.each([
  ['commander', commander, [], '  flag    --region  "us"  ← used\n  default           "eu"\n'],
  [
    'yargs',
    yargs,
    [envRow],
    '  flag    --region     "us"  ← used\n  env     TOOL_REGION  (not set)\n  default              "eu"\n',
  ],
] as const)('P5 · --explain <option> on a burgee/%s program', (_, pairs, env, rows) => {
  const script = () => pairs.pairs[0]!.adapter;

  it('P5 · names the layer the host used and every candidate, and runs no action, hook or middleware', async () => {
    const typed = await runCli(script(), ['say', 'hi', '--region', 'us', '--explain', 'region']);
    expect(typed).toMatchObject({ code: 0, stderr: '' });
    expect(typed.stdout).toBe(`--region = "us"  (from flag --region)\n${rows}`);
    const fallback = await runCli(script(), ['say', 'hi', '--explain', '--region', '--json']);
    expect(JSON.parse(fallback.stdout)).toEqual({
      ok: true,
      data: {
        option: 'region',
        flag: '--region',
        value: 'eu',
        source: 'default',
        layers: [
          { source: 'flag', location: '--region', value: null, used: false },
          ...env,
          { source: 'default', location: null, value: 'eu', used: true },
        ],
      },
      meta: { provenance: {} },
    });
  });

  it('P5 · an unknown option name, and a command line the host refuses, are usage errors', async () => {
    const unknown = await runCli(script(), ['say', 'hi', '--explain', 'nope', '--json']);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout).error.message).toBe('--explain: tool say has no option "nope"');
    const refused = await runCli(script(), ['say', '--explain', 'region']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^error: /m);
  });
});

describe('P5 · --explain reads the host’s own sources', () => {
  it("P5 · commander: an environment variable the option reads, and the value commander's parser made", async () => {
    const result = await runCli(commander.pairs[0]!.adapter, ['say', 'hi', '--explain', 'port', '--json'], {
      env: { PORT: '8080' },
    });
    expect(JSON.parse(result.stdout).data).toEqual({
      option: 'port',
      flag: '--port',
      value: 8080,
      source: 'env',
      layers: [
        { source: 'flag', location: '--port', value: null, used: false },
        { source: 'env', location: 'PORT', value: '8080', used: true },
        { source: 'default', location: null, value: null, used: false },
      ],
    });
  });

  it('P5 · yargs: the .env() variable of the program', async () => {
    const result = await runCli(yargs.pairs[0]!.adapter, ['say', 'hi', '--explain', 'region', '--json'], {
      env: { TOOL_REGION: 'ap' },
    });
    expect(JSON.parse(result.stdout).data).toMatchObject({ value: 'ap', source: 'env' });
  });
});
