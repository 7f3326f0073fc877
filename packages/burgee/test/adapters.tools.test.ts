import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { asProgram, Command } from 'burgee/commander';
import { connectMcp, runProgram } from 'burgee/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { writePairs } from './support/differential.js';
import { connectStdio, texts } from './support/mcp.js';

// What an adapter program's tools are made of: names that stay unique (M2), input schemas for the
// shapes only a host has (S2: counts, flags whose value may be left off), and the envelope a call
// gets even from a program with a --json of its own (F3, M4).
const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(programSchema);

const clash = writePairs(
  [
    {
      title: 'a_b beside a b',
      source: `import { Command } from '__IMPORT__';
const program = new Command('tool');
program.command('a_b').action(() => 'a_b ran');
program.command('a').command('b').action(() => 'a b ran');
await program.parseAsync();`,
      runs: [],
    },
    {
      title: 'a count and a flag whose value may be left off',
      source: `import { Command } from '__IMPORT__';
const program = new Command('todo');
program.command('add').effects('non_idempotent').option('-v, --verbose', 'more', (_, n) => n + 1, 0)
  .option('-c, --colour [name]', 'a colour').action(() => null);
await program.parseAsync();`,
      runs: [],
    },
  ],
  'commander',
  'burgee/commander',
);
afterAll(() => clash.dispose());
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('M2 · an adapter program two of whose commands map to one tool name is refused when served', () => {
  const message =
    'tool a_b and tool a b both become the MCP tool "a_b", so one of them could not be called; nothing is served';

  it('M2 · --mcp exits 1 naming both commands, before any frame; the commands still run', async () => {
    const script = clash.pairs[0]!.adapter;
    const served = await runCli(script, ['--mcp']);
    expect(served).toMatchObject({ code: 1, stdout: '' });
    expect(served.stderr).toBe(`error: ${message}\nhint: rename one of the two commands\n`);
    expect(JSON.parse((await runCli(script, ['a', 'b', '--json'])).stdout).data).toBe('a b ran');
    expect(JSON.parse((await runCli(script, ['a_b', '--json'])).stdout).data).toBe('a_b ran');
  });

  it('M2 · connectMcp refuses it as well', async () => {
    const program = new Command('tool');
    program.command('a_b').action(() => 'x');
    program
      .command('a')
      .command('b')
      .action(() => 'y');
    await expect(connectMcp(await asProgram(program))).rejects.toThrow(message);
  });
});

describe("F3 · M4 · a program with a --json of its own is served: each call asks for burgee's envelope itself", () => {
  it('M4 · the tool call is the envelope; the option stays the program’s, --json on the command line too', async () => {
    const script = `${repoRoot}packages/burgee/test/fixtures/adapters/commander-shadows.mjs`;
    const server = await connectStdio(script);
    cleanups.push(server.close);
    const own = await server.client.callTool({ name: 'own', arguments: { json: true } });
    expect(JSON.parse(texts(own).envelope)).toEqual({ ok: true, data: null, meta: { provenance: expect.any(Object) } });
    expect(texts(own).captured).toBe('my own json\n');
    const plain = await server.client.callTool({ name: 'own', arguments: {} });
    expect(texts(plain).captured).toBe('plain\n');
    expect((await runCli(script, ['--json'])).stdout).toBe('my own json\n');
  });
});

describe('S2 · M3 · input schemas for the shapes only a host has', () => {
  it('S2 · a count is an integer; a flag whose value may be left off is a string or true; --schema validates', async () => {
    const program = new Command('todo');
    program
      .command('add')
      .effects('non_idempotent')
      .option('-v, --verbose', 'more', (_: string, n: number) => n + 1, 0)
      .option('-c, --colour [name]', 'a colour')
      .action(() => null);
    const client = await connectMcp(await asProgram(program));
    cleanups.push(() => client.close());
    const [tool] = (await client.listTools()).tools;
    expect(tool!.inputSchema.properties).toEqual({
      verbose: { type: 'integer', description: 'more', default: 0 },
      colour: { anyOf: [{ type: 'string' }, { type: 'boolean' }], description: 'a colour' },
    });
    const refused = await client.callTool({ name: 'add', arguments: { colour: 3 } });
    expect(JSON.parse(texts(refused).envelope).error.message).toBe(
      'argument "colour" expects a string, or true for the flag alone, got a number',
    );
    const schema = JSON.parse((await runCli(clash.pairs[1]!.adapter, ['--schema'])).stdout);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
    expect(schema.commands[0].inputSchema).toEqual(tool!.inputSchema);
  });
});

describe("S2 · M3 · a commander program's own options reach its subcommands' tools, as on its command line", () => {
  /** Root options commander reads after a subcommand too; a group's; and a subcommand taking one of the root's names. */
  const tasks = (positional = false) => {
    const program = new Command('tasks');
    if (positional) program.enablePositionalOptions();
    program
      .option('-v, --verbose', 'say more')
      .option('--region <region>', 'where', 'eu')
      .requiredOption('--token <token>', 'who asks');
    program
      .command('add')
      .argument('<title>')
      .effects('non_idempotent')
      .action((title: string, _options: unknown, command: Command) => ({ title, ...command.optsWithGlobals() }));
    const remote = program.command('remote').option('--zone <zone>', 'which zone');
    remote
      .command('list')
      .option('-v, --verbose', 'list the urls too')
      .effects('read_only')
      .action((_options: unknown, command: Command) => command.optsWithGlobals());
    return program;
  };
  const names = (tool: { inputSchema: { properties?: Record<string, unknown> | undefined } } | undefined) =>
    Object.keys(tool?.inputSchema.properties ?? {});

  it('S2 · each tool lists the options of the commands above it; its own come first and keep their name', async () => {
    const client = await connectMcp(await asProgram(tasks()));
    cleanups.push(() => client.close());
    const { tools } = await client.listTools();
    const add = tools.find((tool) => tool.name === 'add');
    expect(names(add)).toEqual(['title', 'verbose', 'region', 'token']);
    expect(add!.inputSchema.required).toEqual(['title', 'token']);
    expect(add!.inputSchema.properties!.region).toEqual({
      type: 'string',
      description: 'where',
      default: 'eu',
    });
    const list = tools.find((tool) => tool.name === 'remote_list');
    expect(names(list)).toEqual(['verbose', 'region', 'token', 'zone']);
    expect(list!.inputSchema.properties!.verbose).toMatchObject({ description: 'list the urls too' });
  });

  it('M3 · a call sets them as the command line would, and the envelope says where each value came from', async () => {
    const client = await connectMcp(await asProgram(tasks()));
    cleanups.push(() => client.close());
    const added = await client.callTool({ name: 'add', arguments: { title: 'docs', region: 'us', token: 't0' } });
    expect(JSON.parse(texts(added).envelope)).toEqual({
      ok: true,
      data: { title: 'docs', region: 'us', token: 't0' },
      meta: {
        provenance: {
          region: { source: 'flag', location: '--region' },
          token: { source: 'flag', location: '--token' },
        },
      },
    });
    const listed = await client.callTool({ name: 'remote_list', arguments: { zone: 'b', verbose: true, token: 't1' } });
    expect(JSON.parse(texts(listed).envelope).data).toEqual({ verbose: true, zone: 'b', region: 'eu', token: 't1' });
    const missing = await client.callTool({ name: 'add', arguments: { title: 'docs' } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse(texts(missing).envelope).error.message).toBe("required option '--token <token>' not specified");
  });

  it('P5 · --explain reads a root option on the root, where commander keeps it', async () => {
    const program = await asProgram(tasks());
    const explained = await runProgram(program, [
      'add',
      'docs',
      '--token',
      't',
      '--region',
      'us',
      '--explain',
      'region',
    ]);
    expect(explained.stdout).toBe(
      '--region = "us"  (from flag --region)\n  flag    --region  "us"  ← used\n  default           "eu"\n',
    );
  });

  it('S2 · with positional options the root reads its own only before the subcommand: they are not offered after it', async () => {
    const schema = JSON.parse((await runProgram(await asProgram(tasks(true)), ['--schema'])).stdout);
    const add = schema.commands.find((command: { name: string }) => command.name === 'add');
    expect(add.options).toEqual([]);
    expect(validate(schema), JSON.stringify(validate.errors)).toBe(true);
    // What commander itself says of one given after the subcommand.
    const after = await runProgram(await asProgram(tasks(true)), [
      '--token',
      't',
      'add',
      'docs',
      '--region',
      'us',
      '--json',
    ]);
    expect(JSON.parse(after.stdout).error.message).toBe("unknown option '--region'");
  });
});
