// F4 · work an action starts without returning its promise (webpack compiles on a callback, c8's
// check-coverage sets its exit code once its report is read): a `--json` run lasts as the program
// would, until that work is done, and ends with the exit code the program set.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { type Case, runPair, writePairs } from './support/differential.js';

const commander: Case = {
  title: 'commander: an action that builds on a callback',
  source: `import { Command } from '__IMPORT__';
const program = new Command('packer');
program
  .command('build')
  .option('--fail', 'fail the build')
  .option('--exit', 'end the process from the callback')
  .action((options) => {
    setTimeout(() => {
      if (options.exit) process.exit(3);
      if (options.fail) {
        console.error('build failed');
        process.exitCode = 2;
      } else console.log('built');
    }, 30);
  });
program.parse();
`,
  runs: [['build'], ['build', '--fail'], ['build', '--exit']],
};

const yargs: Case = {
  title: 'yargs: a handler whose check ends after it returns (c8 check-coverage)',
  source: `import yargs from '__IMPORT__';
yargs(process.argv.slice(2))
  .scriptName('cover')
  .command('check', 'check the thresholds', (y) => y.option('lines', { type: 'number', default: 0 }), (argv) => {
    setTimeout(() => {
      if (argv.lines > 50) {
        console.error(\`ERROR: coverage for lines (40%) does not meet the threshold (\${argv.lines}%)\`);
        process.exitCode = 1;
      } else console.log('coverage ok');
    }, 30);
  })
  .parse();
`,
  runs: [['check', '--lines', '100'], ['check']],
};

const commanderPair = writePairs([commander], 'commander', 'burgee/commander');
const yargsPair = writePairs([yargs], 'yargs', 'burgee/yargs');
afterAll(() => {
  commanderPair.dispose();
  yargsPair.dispose();
});

describe.each([
  [commander.title, commander, commanderPair.pairs[0]!],
  [yargs.title, yargs, yargsPair.pairs[0]!],
] as const)('F1 · %s', (_, c, pair) => {
  it.each(c.runs.map((argv) => [argv.join(' '), argv] as const))(
    'F1 · people see what the library prints: %s',
    async (_line, argv) => {
      const { host, adapter } = await runPair(pair, argv);
      expect(adapter).toEqual(host);
    },
  );
});

describe('F4 · --json lasts until the work the action started is done (probe: late-work)', () => {
  const script = commanderPair.pairs[0]!.adapter;

  it('F4 · what the callback prints reaches stderr, and the envelope follows it', async () => {
    const result = await runCli(script, ['build', '--json']);
    expect(result).toMatchObject({
      code: 0,
      stdout: '{"ok":true,"data":null,"meta":{"provenance":{}}}\n',
      stderr: 'built\n',
    });
  });

  it("F4 · an exit code the work sets is the envelope's failure", async () => {
    const result = await runCli(script, ['build', '--fail', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      error: { code: 2, message: 'packer exited with code 2', hint: 'what packer printed is on stderr' },
    });
    expect(result.stderr).toBe('build failed\n');
    expect(result.code).toBe(2);
  });

  it('F4 · process.exit in the work ends the run with its code and one envelope', async () => {
    const result = await runCli(script, ['build', '--exit', '--json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: 3 } });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it("F4 · yargs: c8 check-coverage's threshold failure, found after the handler returned", async () => {
    const result = await runCli(yargsPair.pairs[0]!.adapter, ['check', '--lines', '100', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      error: { code: 1, message: 'cover exited with code 1', hint: 'what cover printed is on stderr' },
    });
    expect(result.stderr).toContain('does not meet the threshold (100%)');
    expect(result.code).toBe(1);
  });
});
