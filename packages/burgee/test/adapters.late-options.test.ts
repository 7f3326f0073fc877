// F1 · F3 · a command that takes options it does not declare, and declares them in its action before
// parsing again (webpack-cli: `webpack --json stats.json` is webpack's own flag). Only the program
// knows, when it runs, which flags it reads there, so burgee's flags are left to it on such lines.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { type Case, runPair, writePairs } from './support/differential.js';

const late: Case = {
  title: 'a root that declares its build options in its action (webpack-cli)',
  source: `import { Command } from '__IMPORT__';
const program = new Command('pack');
program.option('--color', 'colour the output').allowUnknownOption(true).allowExcessArguments(true);
program.command('version').description('print versions').action(() => console.log('pack 1.0.0'));
program.action(async () => {
  const build = new Command('build');
  build.argument('[entries...]', 'entry points');
  build.option('--json [file]', 'print the stats as JSON, or write them to a file').option('--mode <mode>', 'the mode');
  build.action((_entries, options) => {
    if (options.json === true) console.log(JSON.stringify({ mode: options.mode ?? 'none' }));
    else if (typeof options.json === 'string') console.log(\`stats written to \${options.json}\`);
    else console.log(\`built in \${options.mode ?? 'none'} mode\`);
  });
  await build.parseAsync(process.argv.slice(2), { from: 'user' });
});
await program.parseAsync();
`,
  runs: [
    ['--json', 'stats.json'],
    ['--json'],
    ['--mode', 'production', '--json'],
    ['--mode', 'development'],
    ['--schema'],
  ],
};

const written = writePairs([late], 'commander', 'burgee/commander');
afterAll(() => written.dispose());
const pair = written.pairs[0]!;

describe("F1 · flags a command declares late stay the program's (probe: late-options)", () => {
  it.each(late.runs.map((argv) => [argv.join(' '), argv] as const))(
    'F1 · people see what commander prints: %s',
    async (_, argv) => {
      const { host, adapter } = await runPair(pair, argv);
      expect(adapter).toEqual(host);
    },
  );

  it("F3 · a line that reaches a declared command still has burgee's --json", async () => {
    const result = await runCli(pair.adapter, ['version', '--json']);
    expect(result).toMatchObject({ code: 0, stdout: '{"ok":true,"data":null,"meta":{"provenance":{}}}\n' });
    expect(result.stderr).toBe('pack 1.0.0\n');
  });
});
