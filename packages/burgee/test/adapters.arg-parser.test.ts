import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { asProgram, Command, Option } from 'burgee/commander';
import { runProgram } from 'burgee/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './support/cli.js';
import { writePairs } from './support/differential.js';
import { connectStdio, texts } from './support/mcp.js';

// A commander option made repeatable by a parser of its own (`collect` with a default of `[]`, as
// commander's documentation writes it) takes a list of values, one per use of the flag: burgee
// publishes it as a list and a tool call's list reaches the program as that many uses of the flag.
// A parser that cannot be seen to fold (no second parameter, no array default, commander's choices
// check) stays one value.
const programSchema = JSON.parse(readFileSync(`${repoRoot}packages/burgee/program-schema.json`, 'utf8')) as object;
const ajv = new Ajv2020.default({ strict: true, allErrors: true });
const validateProgram = ajv.compile(programSchema);
// An inputSchema carries burgee's `flag` beside the standard keywords: declared, so strict mode stays on.
const inputs = new Ajv2020.default({ strict: true, allErrors: true }).addKeyword('flag');

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function tagged(): Command {
  const program = new Command('tagged');
  program
    .option('--tag <t>', 'a tag', collect, [])
    .addOption(new Option('--label <l>', 'a label').argParser(collect).default([]))
    .option('--port <n>', 'a port', (value: string, previous: number[]) => [...previous, Number(value)], [80])
    .option('--list <items>', 'a comma list', (value: string) => value.split(','), [])
    .option('--id <id>', 'an id', (value: string, previous: string[] | undefined) => (previous ?? []).concat(value))
    .addOption(new Option('--mode <m>', 'a mode').choices(['a', 'b']).default([]))
    .effects('read_only')
    .action((options: unknown) => options);
  return program;
}

const source = `import { Command, Option } from '__IMPORT__';
const collect = (value, previous) => [...previous, value];
const program = new Command('tagged');
program
  .option('--tag <t>', 'a tag', collect, [])
  .addOption(new Option('--label <l>', 'a label').argParser(collect).default([]))
  .option('--list <items>', 'a comma list', (value) => value.split(','), [])
  .action((options) => {
    console.log(JSON.stringify(options));
    return options;
  });
await program.parseAsync();`;
const written = writePairs([{ title: 'collect', source, runs: [] }], 'commander', 'burgee/commander');
const pair = written.pairs[0]!;
afterAll(() => written.dispose());
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('S2 · a commander option a custom parser makes repeatable is published as a list', () => {
  it('S2 · --schema: a folding parser with an array default is multiple; the rest stay one value; the document validates', async () => {
    const schema = JSON.parse((await runProgram(await asProgram(tagged()), ['--schema'])).stdout);
    expect(validateProgram(schema), JSON.stringify(validateProgram.errors)).toBe(true);
    const [command] = schema.commands;
    // What each accepts is its inputSchema property (N5); options[] names it under the same key.
    const shape = (name: string) => {
      expect(command.options.map((o: { name: string }) => o.name)).toContain(name);
      return command.inputSchema.properties[name];
    };
    expect(shape('tag')).toEqual({ type: 'array', items: { type: 'string' }, description: 'a tag', default: [] });
    expect(shape('label')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(shape('port')).toEqual({ type: 'array', items: { type: 'number' }, description: 'a port', default: [80] });
    // Cannot be seen to fold: no second parameter, no array default, commander's choices check.
    expect(shape('list')).toMatchObject({ type: 'string' });
    expect(shape('id')).toMatchObject({ type: 'string' });
    expect(shape('mode')).toMatchObject({ type: 'string', enum: ['a', 'b'] });
    const validateInput = inputs.compile(command.inputSchema);
    expect(validateInput({ tag: ['a', 'b'], label: [], port: [1, 2] })).toBe(true);
    expect(validateInput({ tag: 'a' })).toBe(false);
    expect(validateInput({ list: ['a', 'b'] })).toBe(false);
  });

  it('S2 · the skill burgee writes shows it as repeatable', async () => {
    const program = await asProgram(tagged());
    const skill = (await runProgram(program, ['skills', 'print'])).stdout;
    // Since the skill's option lines spell no placeholder, the notes say what it spelled: repeatable,
    // the type when not a string; an empty list as the default says nothing more.
    expect(skill).toContain('\n- --tag (repeatable): a tag\n');
    expect(skill).toContain('\n- --port (number; repeatable; default 80): a port\n');
    expect(skill).toContain('\n- --list: a comma list\n');
  });

  it('S2 · the skill says repeatable, never "split on": commander keeps each value whole', async () => {
    const program = await asProgram(tagged());
    const skill = (await runProgram(program, ['skills', 'print'])).stdout;
    const tag = skill.split('\n').find((line) => line.startsWith('- --tag '))!;
    expect(tag).toContain('repeatable');
    expect(skill).not.toContain('split on');
  });
});

describe('M3 · a list sent for such an option reaches the program as the flag typed once per value', () => {
  it('M3 · tag: ["a","b"] over MCP is --tag a --tag b from a person, with the real commander and with burgee/commander', async () => {
    const words = ['--tag', 'a', '--tag', 'b', '--label', 'x'];
    const person = await runCli(pair.host, words);
    expect(person).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(person.stdout)).toEqual({ tag: ['a', 'b'], label: ['x'], list: [] });
    expect((await runCli(pair.adapter, words)).stdout).toBe(person.stdout);

    const server = await connectStdio(pair.adapter);
    cleanups.push(server.close);
    const [tool] = (await server.client.listTools()).tools;
    expect(tool!.inputSchema.properties!.tag).toMatchObject({ type: 'array', items: { type: 'string' } });
    const called = await server.client.callTool({ name: 'tagged', arguments: { tag: ['a', 'b'], label: ['x'] } });
    expect(called.isError ?? false).toBe(false);
    expect(texts(called).captured).toBe(person.stdout);
    const envelope = JSON.parse(texts(called).envelope);
    expect(envelope.data).toEqual(JSON.parse(person.stdout));
    expect(envelope.meta.provenance.tag).toEqual({ source: 'flag', location: '--tag' });
    // A parser that splits one word keeps taking one word: a list is refused by name, not folded.
    const refused = await server.client.callTool({ name: 'tagged', arguments: { list: ['a', 'b'] } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(texts(refused).envelope).error.message).toBe('argument "list" expects a string, got an array');
  });
});
