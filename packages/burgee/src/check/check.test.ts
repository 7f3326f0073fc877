import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../declaration/define.js';
import { buildManifest } from '../declaration/to-manifest.js';
import { checkManifest } from './check.js';

const bare = (name: string, check?: { ignore: ['missing-example'] }) =>
  defineCommand({
    name,
    description: `The ${name} command`,
    effects: 'read_only',
    run: () => null,
    ...(check ? { check } : {}),
  });

describe('silencing rules of burgee check', () => {
  it("X2 · a group's check.ignore holds for the commands below it, and only there", () => {
    const program = defineProgram({
      name: 'tool',
      description: 'A tool',
      commands: [
        defineCommand({
          name: 'quiet',
          description: 'Quiet ones',
          commands: [bare('a'), bare('b')],
          check: { ignore: ['missing-example'] },
        }),
        bare('loud'),
      ],
    });
    const report = checkManifest(buildManifest(program));
    expect(report.findings.map((f) => [f.rule, f.command])).toEqual([['missing-example', 'loud']]);
    expect(report.counts).toEqual({ errors: 0, warnings: 1, silenced: 2 });
  });

  it("X2 · a program's check.ignore holds everywhere, its own findings included", () => {
    const program = defineProgram({
      name: 'tool',
      commands: [bare('a')],
      check: { ignore: ['missing-example', 'missing-program-description'] },
    });
    expect(checkManifest(buildManifest(program))).toEqual({
      program: 'tool',
      findings: [],
      counts: { errors: 0, warnings: 0, silenced: 2 },
    });
  });

  it('X2 · in a program of one command, that command speaks for the program', () => {
    const one = defineCommand({
      name: 'solo',
      description: 'Alone',
      effects: 'read_only',
      examples: ['solo'],
      options: { level: { type: 'number' } },
      check: { ignore: ['missing-option-description'] },
      run: () => null,
    });
    expect(checkManifest(buildManifest(one)).counts).toEqual({ errors: 0, warnings: 0, silenced: 1 });
  });

  it('X2 · an example with a shell quote left open, or another program, is refused with the reason', () => {
    const program = defineProgram({
      name: 'tool',
      description: 'A tool',
      commands: [
        defineCommand({
          name: 'say',
          description: 'Say it',
          effects: 'read_only',
          options: { text: { type: 'string', required: true, description: 'what' } },
          examples: ["tool say --text 'hi", 'other say --text hi', 'tool say', 'TOOL_X=1 tool say --text "a b" | wc'],
          run: () => null,
        }),
      ],
    });
    const messages = checkManifest(buildManifest(program)).findings.map((f) => [
      f.rule,
      f.message.replace(/^.*which it refuses: /, ''),
    ]);
    expect(messages).toEqual([
      ['example-refused', 'it opens a single quote it never closes'],
      ['example-refused', "it does not start with the program's name, tool"],
      ['example-refused', 'missing required option --text for tool say'],
    ]);
  });
});

describe('options the commands of an adapter program share', () => {
  it("X2 · a commander program's option without a description is one finding, not one per command below it", async () => {
    const { Command } = await import('commander');
    const { toCommanderManifest } = await import('../adapters/commander/manifest.js');
    const program = new Command('tool').description('A tool').option('--trace');
    for (const name of ['a', 'b'])
      program
        .command(name)
        .description(`The ${name} command`)
        .action(() => {});
    program
      .command('c')
      .description('The c command')
      .option('--deep')
      .action(() => {});
    const report = checkManifest(toCommanderManifest(program, undefined), { foreign: true });
    const found = report.findings.filter((f) => f.rule === 'missing-option-description');
    expect(found.map((f) => f.message)).toEqual([
      'tool a --trace has no description: help and the inputSchema agents read say nothing of it',
      'tool c --deep has no description: help and the inputSchema agents read say nothing of it',
    ]);
  });
});

describe('the size of the skill', () => {
  // A command of twelve described options and an example: a few hundred characters of the skill.
  const heavy = (name: string) =>
    defineCommand({
      name,
      description: `The ${name} command, described at some length so that it takes room`,
      effects: 'read_only',
      examples: [`tool ${name}`],
      options: Object.fromEntries(
        Array.from({ length: 12 }, (_, j) => [
          `option${j}`,
          { type: 'string' as const, description: `option ${j} of ${name}` },
        ]),
      ),
      run: () => null,
    });
  const group = (name: string, size: number) =>
    defineCommand({
      name,
      description: `Commands about ${name}`,
      commands: Array.from({ length: size }, (_, i) => heavy(`${name}-${i}`)),
    });
  const sizeFindings = (commands: ReturnType<typeof group>[]) =>
    checkManifest(buildManifest(defineProgram({ name: 'tool', description: 'A tool', commands })))
      .findings.filter((f) => f.rule === 'skill-over-size')
      .map((f) => f.message);

  it('X2 · L3 · groups too large for SKILL.md together, each on a page of its own, are no finding', () => {
    expect(sizeFindings([group('db', 12), group('net', 12), group('vm', 12)])).toEqual([]);
  });

  it('X2 · L3 · a group too large even for a page of its own is one finding, counting what is in full', () => {
    expect(sizeFindings([group('db', 40), group('net', 2)])).toEqual([
      expect.stringMatching(/^tool's skill holds \d+ of its 42 commands in full \(a file with all of them/),
    ]);
  });
});

describe('what a model reads of MCP in one step', () => {
  const area = (g: number) =>
    defineCommand({
      name: `area-${g}`,
      description: `Area ${g}`,
      commands: [
        defineCommand({
          name: 'task',
          description: 'The task',
          effects: 'read_only',
          examples: [`big area-${g} task`],
          run: () => null,
        }),
      ],
    });

  it('X2 · M2 · a discovery tool naming more groups than its budget holds is over it, with a fix', () => {
    const program = defineProgram({
      name: 'big',
      description: 'Big',
      mcp: { toolBudget: 600 },
      commands: Array.from({ length: 40 }, (_, g) => area(g)),
    });
    const found = checkManifest(buildManifest(program)).findings.filter((f) => f.rule === 'tools-over-budget');
    expect(found).toHaveLength(1);
    expect(found[0]!.command).toBeUndefined();
    expect(found[0]!.message).toMatch(
      /^big's first tools\/list is [\d,]+ characters, over its tool budget of 600: the discovery tool names 40 groups$/,
    );
    expect(found[0]!.fix).toBe('gather top-level groups under fewer parent commands');
  });

  it('X2 · M2 · the same program with every tool listed (toolBudget Infinity) has no such finding', () => {
    const program = defineProgram({
      name: 'big',
      description: 'Big',
      mcp: { toolBudget: Number.POSITIVE_INFINITY },
      commands: Array.from({ length: 40 }, (_, g) => area(g)),
    });
    expect(checkManifest(buildManifest(program)).findings.filter((f) => f.rule === 'tools-over-budget')).toEqual([]);
  });
});
