import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp, runProgram } from '../src/testing/index.js';
import { envelopeOf, texts } from './support/mcp.js';

// One command with every kind of typed argument: a number, a string with choices, numbers variadic.
const scale = defineCommand({
  name: 'scale',
  description: 'Show how a service would be scaled',
  effects: 'read_only',
  arguments: [
    { name: 'replicas', type: 'number', description: 'how many to run' },
    { name: 'region', choices: ['eu-west', 'us-east'], required: false, default: 'eu-west' },
    { name: 'ports', type: 'number', variadic: true, required: false },
  ],
  run: (ctx) => ({ replicas: ctx.args.replicas, region: ctx.args.region, ports: ctx.args.ports }),
});
const tool = defineProgram({ name: 'tool', commands: [scale] });

describe('D4 · typed arguments reach the handler as their type', () => {
  it('D4 · P4 · a number argument is a number; variadic numbers are numbers; a default is the declared value', async () => {
    const result = await runProgram(tool, ['scale', '3', 'us-east', '80', '-443', '1e3', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ ok: true, data: { replicas: 3, region: 'us-east', ports: [80, -443, 1000] } });
    const defaulted = await runProgram(tool, ['scale', '0.5', '--json']);
    expect(defaulted.json).toMatchObject({ ok: true, data: { replicas: 0.5, region: 'eu-west', ports: [] } });
  });

  it('D4 · a variadic argument with a single default still reaches the handler as a list', async () => {
    const tags = defineCommand({
      name: 'tags',
      effects: 'read_only',
      arguments: [{ name: 'names', variadic: true, default: 'latest' }],
      run: (ctx) => ({ names: ctx.args.names, list: Array.isArray(ctx.args.names) }),
    });
    expect((await runProgram(tags, ['--json'])).json).toMatchObject({ data: { names: ['latest'], list: true } });
    const schema = JSON.parse((await runProgram(tags, ['--schema'])).stdout);
    expect(schema.commands[0].inputSchema.properties.names.default).toEqual(['latest']);
  });

  it.each([['abc'], ['0x10'], [''], [' 5']])(
    'D4 · E5 · P4 · %j where a number is wanted is exit 2 with the E5 envelope: message, hint, fix',
    async (word) => {
      const result = await runProgram(tool, ['scale', word, '--json']);
      expect(result.exitCode).toBe(2);
      expect(result.json).toMatchObject({
        ok: false,
        error: {
          code: 2,
          message: `<replicas> expects a number, got ${JSON.stringify(word)}`,
          hint: 'give <replicas> a number: how many to run',
          fix: 'tool scale <replicas> --json',
          usage: { command: 'tool scale <replicas> [region] [ports...]' },
        },
      });
    },
  );

  it('D4 · P6 · a word of a variadic number argument that is no number is refused; the fix rewrites that word only', async () => {
    const result = await runProgram(tool, ['scale', '2', 'eu-west', '80', 'http']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('error: [ports...] expects a number, got "http"\n');
    expect(result.stderr).toContain('fix: tool scale 2 eu-west 80 <ports>\n');
  });

  it('D4 · P6 · a value outside the choices gets "did you mean" and a fix that runs', async () => {
    const result = await runProgram(tool, ['scale', '2', 'us-eats', '--json']);
    expect(result.exitCode).toBe(2);
    expect(result.json).toMatchObject({
      ok: false,
      error: {
        code: 2,
        message: '[region] must be one of eu-west, us-east; got "us-eats"',
        hint: 'did you mean us-east?',
        fix: 'tool scale 2 us-east --json',
      },
    });
    const fix = (result.json as { error: { fix: string } }).error.fix;
    const fixed = await runProgram(tool, fix.split(' ').slice(1));
    expect(fixed.json).toMatchObject({ ok: true, data: { replicas: 2, region: 'us-east', ports: [] } });
  });

  it('D4 · P6 · a value far from every choice lists them, with no fix to guess', async () => {
    const result = await runProgram(tool, ['scale', '2', 'mars', '--json']);
    expect(result.json).toMatchObject({
      error: {
        message: '[region] must be one of eu-west, us-east; got "mars"',
        hint: 'choose one of eu-west, us-east',
      },
    });
    expect((result.json as { error: object }).error).not.toHaveProperty('fix');
  });

  it('P6 · types are checked before choices: both wrong, the number is named', async () => {
    const result = await runProgram(tool, ['scale', 'x', 'mars', '--json']);
    expect((result.json as { error: { message: string } }).error.message).toBe('<replicas> expects a number, got "x"');
  });
});

describe('H2 · S1 · M3 · typed arguments on every surface', () => {
  it('H2 · help lists an argument with choices as an option with choices: (one of: …)', async () => {
    const help = await runProgram(tool, ['scale', '--help']);
    expect(help.stdout).toMatch(/\n {2}region +\(default: eu-west\) \(one of: eu-west, us-east\)\n/);
    expect(help.stdout).toMatch(/\n {2}replicas +how many to run\n/);
  });

  it('S1 · S2 · N5 · --schema names the arguments in order; the inputSchema gives each its type, enum and default', async () => {
    const result = await runProgram(tool, ['scale', '--schema']);
    const schema = JSON.parse(result.stdout);
    expect(schema.arguments).toEqual([{ name: 'replicas' }, { name: 'region' }, { name: 'ports' }]);
    expect(schema.inputSchema.required).toEqual(['replicas']);
    expect(schema.inputSchema.properties).toEqual({
      replicas: { type: 'number', description: 'how many to run' },
      region: { type: 'string', enum: ['eu-west', 'us-east'], default: 'eu-west' },
      ports: { type: 'array', items: { type: 'number' } },
    });
  });

  it('M3 · the tool takes numbers as JSON numbers, and a call is the CLI call with the same words', async () => {
    const client = await connectMcp(tool);
    try {
      const { tools } = await client.listTools();
      const schema = (await runProgram(tool, ['scale', '--schema'])).stdout;
      expect(tools.find((t: Tool) => t.name === 'scale')!.inputSchema).toEqual(JSON.parse(schema).inputSchema);
      const call = await client.callTool({
        name: 'scale',
        arguments: { replicas: 4, region: 'us-east', ports: [8080, -1] },
      });
      const cli = await runProgram(tool, ['scale', '4', 'us-east', '8080', '-1', '--json']);
      expect(texts(call).envelope).toBe(cli.stdout.slice(0, -1));
      expect(envelopeOf(call)).toMatchObject({
        ok: true,
        data: { replicas: 4, region: 'us-east', ports: [8080, -1] },
      });
    } finally {
      await client.close();
    }
  });

  it('M3 · a string where the tool wants a number is refused before anything runs; a wrong choice as on the CLI', async () => {
    const client = await connectMcp(tool);
    try {
      const typed = await client.callTool({ name: 'scale', arguments: { replicas: '4' } });
      expect(typed.isError).toBe(true);
      expect(envelopeOf(typed)).toMatchObject({
        ok: false,
        error: { code: 2, message: 'argument "replicas" expects a number, got a string' },
      });
      const choice = await client.callTool({ name: 'scale', arguments: { replicas: 1, region: 'mars' } });
      expect(envelopeOf(choice)).toMatchObject({
        ok: false,
        error: { code: 2, message: '[region] must be one of eu-west, us-east; got "mars"' },
      });
    } finally {
      await client.close();
    }
  });
});
