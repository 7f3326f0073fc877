// F1 · words burgee adds as commands (`mcp`, `completion`, `skills`) stay the program's data where
// its root reads an unknown word as its own: a default command (cspell's `lint`), arguments of the
// root (markdownlint's files), a yargs root without commands. Each program runs twice, with the real
// library and with the adapter, and must print the same bytes and exit alike.
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { type Case, runPair, writePairs } from './support/differential.js';

const WORDS: readonly (readonly string[])[] = [
  ['mcp'],
  ['mcp', '--no-progress'],
  ['mcp', 'config', 'cursor'],
  ['completion', 'bash'],
  ['skills', 'print'],
];

const commanderCases: Case[] = [
  {
    title: 'a default command (cspell: `cspell mcp` checks the files named mcp)',
    source: `import { Command } from '__IMPORT__';
const program = new Command('spell');
program.command('lint', { isDefault: true }).argument('[globs...]').option('--no-progress', 'quiet')
  .action((globs, o) => console.log(\`checking \${globs.join(',')} progress=\${o.progress}\`));
program.command('trace').argument('<word>').action((w) => console.log(\`trace \${w}\`));
program.parse();
`,
    runs: WORDS,
  },
  {
    title: 'arguments of the root beside commands (`lint mcp` lints the folder mcp)',
    source: `import { Command } from '__IMPORT__';
const program = new Command('lint');
program.argument('[files...]').option('--no-progress', 'quiet')
  .action((files) => console.log(\`linting \${files.join(',')}\`));
program.command('init').action(() => console.log('init'));
program.parse();
`,
    runs: WORDS,
  },
];

const yargsCases: Case[] = [
  {
    title: 'a default command',
    source: `import yargs from '__IMPORT__';
yargs(process.argv.slice(2)).scriptName('ylint')
  .command('$0 [files..]', 'lint', (y) => y.positional('files', { type: 'string' }).option('progress', { type: 'boolean', default: true }),
    (a) => console.log(\`linting \${(a.files ?? []).join(',')} progress=\${a.progress}\`))
  .command('init', 'make a config', () => {}, () => console.log('init'))
  .parse();
`,
    runs: WORDS,
  },
  {
    title: 'a root without commands, whose words land in argv._',
    source: `import yargs from '__IMPORT__';
yargs(process.argv.slice(2)).scriptName('yroot').option('progress', { type: 'boolean', default: true })
  .middleware((a) => console.log(\`words \${a._.join(',')} progress=\${a.progress}\`)).parse();
`,
    runs: WORDS,
  },
];

const commander = writePairs(commanderCases, 'commander', 'burgee/commander');
const yargs = writePairs(yargsCases, 'yargs', 'burgee/yargs');
afterAll(() => {
  commander.dispose();
  yargs.dispose();
});

describe.each([
  ['commander', commanderCases, commander],
  ['yargs', yargsCases, yargs],
] as const)(
  'F1 · %s: a word burgee adds is the program’s own where its root reads it (probe: data-word-mcp)',
  (_, cases, written) => {
    cases.forEach((c, i) => {
      it.each(c.runs.map((argv) => [argv.join(' '), argv] as const))(`F1 · ${c.title}: %s`, async (_line, argv) => {
        const { host, adapter } = await runPair(written.pairs[i]!, argv);
        expect(adapter).toEqual(host);
      });
    });
  },
);

it('K1 · a program with commands and no default command still gets mcp config (the control)', async () => {
  const control = writePairs(
    [
      {
        title: 'commands only',
        source: `import { Command } from '__IMPORT__';
const program = new Command('ship');
program.command('deploy').argument('<target>').action((t) => console.log(t));
program.parse();
`,
        runs: [],
      },
    ],
    'commander',
    'burgee/commander',
  );
  try {
    const result = await runCli(control.pairs[0]!.adapter, ['mcp', 'config', 'cursor']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"mcpServers"');
  } finally {
    control.dispose();
  }
});
