// F1 · F4 · programs that do their work after a synchronous parse, as many published ones do:
// concurrently reads `yargs.parse()._`, markdownlint reads `program.opts()` and prints its help when
// nothing is given, jest awaits `parse()` inside a try/catch that exits 1, c8 sets its exit code
// once its work is done. burgee's answers (`--schema`, `--llms`, `--mcp`) end such a program's code
// after parse(); a `--json` run is the program's whole process, with its exit code.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { type Case, runPair, writePairs } from './support/differential.js';
import { connectStdio, texts } from './support/mcp.js';

const cases = {
  reader: {
    title: 'a yargs root without commands whose result is read at once (concurrently)',
    source: `import yargs from '__IMPORT__';
const argv = yargs(process.argv.slice(2)).scriptName('together').option('names', { type: 'string', describe: 'names' }).parse();
const commands = argv._.concat([]);
console.log(\`running \${commands.join(' ')}\`);
`,
    runs: [['a', 'b'], ['--names', 'x', 'a'], []],
  },
  opts: {
    title: 'commander: opts() and args read after parse(), help when nothing is given (markdownlint)',
    source: `import { Command } from '__IMPORT__';
const program = new Command('mdlint');
program.option('--fix', 'fix what can be fixed').argument('[files...]', 'files to lint');
program.parse();
if (program.args.length === 0) program.help();
console.log(\`linting \${program.args.join(',')}\${program.opts().fix ? ' with fixes' : ''}\`);
`,
    runs: [['a.md', '--fix'], []],
  },
  awaited: {
    title: 'yargs awaited in a try/catch that exits 1 (jest)',
    source: `import yargs from '__IMPORT__';
async function run() {
  try {
    const argv = await yargs(process.argv.slice(2)).scriptName('tests').option('watch', { type: 'boolean' }).parse();
    console.log(\`running every test, watch=\${argv.watch}\`);
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
run();
`,
    runs: [['--watch'], []],
  },
  later: {
    title: 'work that sets the exit code once it is done (c8 check-coverage)',
    source: `import yargs from '__IMPORT__';
const argv = yargs(process.argv.slice(2)).scriptName('cover').option('lines', { type: 'number', default: 0 }).parse();
setTimeout(() => {
  if (argv.lines > 50) {
    console.error(\`ERROR: coverage for lines (40%) does not meet the threshold (\${argv.lines}%)\`);
    process.exitCode = 1;
  } else console.log('coverage ok');
}, 20);
`,
    runs: [
      ['--lines', '100'],
      ['--lines', '10'],
    ],
  },
  prefix: {
    title: 'yargs parses only the words before the command it measures, then runs that command (c8)',
    source: `import yargs from '__IMPORT__';
const words = process.argv.slice(2);
const cut = words.findIndex((word) => !word.startsWith('-'));
const own = cut === -1 ? words : words.slice(0, cut);
const argv = yargs(own).scriptName('measure').option('reporter', { type: 'string', default: 'text' }).parse();
console.log(\`measuring \${words.slice(own.length).join(' ')} with \${argv.reporter}\`);
`,
    runs: [
      ['--reporter=html', 'node', 'app.js'],
      ['node', 'app.js', '--reporter=html'],
    ],
  },
} satisfies Record<string, Case>;
const yargsCases: Case[] = Object.values(cases).filter((c) => c !== cases.opts);

const list: Case[] = Object.values(cases);
const yargsPairs = writePairs(yargsCases, 'yargs', 'burgee/yargs');
const commanderPairs = writePairs([cases.opts], 'commander', 'burgee/commander');
afterAll(() => {
  yargsPairs.dispose();
  commanderPairs.dispose();
});
const pairOf = (c: Case) => (c === cases.opts ? commanderPairs.pairs[0]! : yargsPairs.pairs[yargsCases.indexOf(c)]!);

describe.each(list.map((c) => [c.title, c] as const))('F1 · %s', (_, c) => {
  it.each(c.runs.map((argv) => [argv.join(' ') || '(no words)', argv] as const))(
    'F1 · people see what the library prints: %s',
    async (_line, argv) => {
      const { host, adapter } = await runPair(pairOf(c), argv);
      expect(adapter).toEqual(host);
    },
  );

  it('S1 · --schema is the document alone, exit 0: the code after parse() does not run (probe: after-parse-schema)', async () => {
    const result = await runCli(pairOf(c).adapter, ['--schema']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ schemaVersion: 1 });
    expect(result.stderr).toBe('');
  });

  it('M5 · --mcp serves: the client connects and lists the tools (probe: after-parse-mcp)', async () => {
    const server = await connectStdio(pairOf(c).adapter);
    try {
      const { tools } = await server.client.listTools();
      expect(Array.isArray(tools)).toBe(true);
      expect(server.stderr()).not.toMatch(/TypeError|running every test|Usage:/);
    } finally {
      await server.close();
    }
  });
});

describe('F4 · --json of a run whose work follows the parse: the whole process, with its exit code (probe: after-parse-json)', () => {
  it('F4 · concurrently: the program reads its real result; what it prints is on stderr', async () => {
    const result = await runCli(pairOf(cases.reader).adapter, ['a', 'b', '--json']);
    expect(result.stdout).toBe('{"ok":true,"data":null,"meta":{"provenance":{}}}\n');
    expect(result.stderr).toBe('running a b\n');
    expect(result.code).toBe(0);
  });

  it('F4 · markdownlint: opts() holds the flags typed', async () => {
    const result = await runCli(pairOf(cases.opts).adapter, ['a.md', '--json', '--fix']);
    expect(result.stdout).toBe('{"ok":true,"data":null,"meta":{"provenance":{}}}\n');
    expect(result.stderr).toBe('linting a.md with fixes\n');
  });

  it('F4 · c8: a failure found after the parse is the envelope’s, with the program’s exit code', async () => {
    const failed = await runCli(pairOf(cases.later).adapter, ['--lines', '100', '--json']);
    expect(JSON.parse(failed.stdout)).toEqual({
      ok: false,
      error: { code: 1, message: 'cover exited with code 1', hint: 'what cover printed is on stderr' },
    });
    expect(failed.stderr).toContain('does not meet the threshold (100%)');
    expect(failed.code).toBe(1);
    const passed = await runCli(pairOf(cases.later).adapter, ['--lines', '10', '--json']);
    expect(passed.stdout).toBe('{"ok":true,"data":null,"meta":{"provenance":{}}}\n');
    expect(passed.stderr).toBe('coverage ok\n');
    expect(passed.code).toBe(0);
  });
});

describe('F4 · --json of a program that parses a part of its words (probe: after-parse-prefix)', () => {
  it('F4 · c8: the words before the measured command are parsed; the whole process runs, --json left out', async () => {
    const result = await runCli(pairOf(cases.prefix).adapter, ['--json', '--reporter=html', 'node', 'app.js']);
    expect(result.stdout).toBe('{"ok":true,"data":null,"meta":{"provenance":{}}}\n');
    expect(result.stderr).toBe('measuring node app.js with html\n');
    expect(result.code).toBe(0);
  });
});

describe('M3 · a root whose work follows the parse is a tool, run as the program’s own process (probe: root-only-tool)', () => {
  it.each([
    ['together', cases.reader, { args: ['a', 'b'], names: 'x' }, 'running a b\n'],
    ['mdlint', cases.opts, { files: ['a.md'], fix: true }, 'linting a.md with fixes\n'],
  ] as const)(
    'M3 · %s: the call’s words reach the program; what it prints comes back',
    async (name, c, args, printed) => {
      const server = await connectStdio(pairOf(c).adapter);
      try {
        const { tools } = await server.client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([name]);
        const result = texts(await server.client.callTool({ name, arguments: args }));
        expect(JSON.parse(result.envelope)).toEqual({ ok: true, data: null, meta: { provenance: {} } });
        expect(result.captured).toBe(printed);
      } finally {
        await server.close();
      }
    },
  );
});

describe("S5 · a yargs option whose default is an array, without type: 'array' (c8's include)", () => {
  const written = writePairs(
    [
      {
        title: 'include',
        source: `import yargs from '__IMPORT__';
yargs(process.argv.slice(2)).scriptName('cover')
  .command('$0', 'measure', (y) => y.option('include', { default: [], describe: 'globs to measure' }), (a) => ({ include: a.include }))
  .parse();
`,
        runs: [],
      },
    ],
    'yargs',
    'burgee/yargs',
  );
  afterAll(() => written.dispose());
  const schema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
  const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(schema);

  it('S5 · it is a list, as yargs reads a flag typed twice, and --schema validates (probe: yargs-array-default)', async () => {
    const document = JSON.parse((await runCli(written.pairs[0]!.adapter, ['--schema'])).stdout);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.commands[0].inputSchema.properties.include).toMatchObject({ type: 'array', default: [] });
    const run = await runCli(written.pairs[0]!.adapter, ['--include', 'a', '--include', 'b', '--json']);
    expect(JSON.parse(run.stdout).data).toEqual({ include: ['a', 'b'] });
  });
});
