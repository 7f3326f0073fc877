import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { asProgram, Command } from 'burgee/commander';
import { connectMcp } from 'burgee/testing';
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
      verbose: { type: 'integer', flag: '--verbose', description: 'more', default: 0 },
      colour: { type: ['string', 'boolean'], flag: '--colour', description: 'a colour' },
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
