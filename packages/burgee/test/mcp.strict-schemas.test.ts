// Every schema an MCP client reads in tools/list, held to the standard: compiled by Ajv's JSON Schema
// 2020-12 validator in strict mode, and walked for any keyword outside 2020-12's vocabularies and
// MCP's own (N5). Over the official client, for each example program and a generated 1,000-command
// program (bench/scale-program.mjs), every group opened through the discovery tool.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { asProgram, Command } from 'burgee/commander';
import { afterAll, describe, expect, it } from 'vitest';
import { writeProgram } from '../../../bench/scale-program.mjs';
import { defineCommand, defineProgram } from '../src/index.js';
import { connectMcp } from '../src/testing/index.js';
import { example, repoRoot } from './support/cli.js';
import { connectStdio } from './support/mcp.js';

// The keywords of JSON Schema 2020-12's vocabularies (core, applicator, unevaluated, validation,
// meta-data, format-annotation, content), restated from the specification, and MCP's own
// `x-mcp-header` (2026-07-28). Nothing else may appear where a schema is read.
const KEYWORDS = new Set([
  ...['$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs'],
  ...['prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties'],
  ...['dependentSchemas', 'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'],
  ...['unevaluatedItems', 'unevaluatedProperties'],
  ...['type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ...['maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains'],
  ...['maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples'],
  ...['format', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  'x-mcp-header',
]);

// Where a keyword's value holds schemas: one, a list, or a map of names to schemas. Everything else
// (enum, const, default, examples, required …) is data, whose keys are no keywords.
const ONE = ['items', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not'];
const ONE_MORE = ['unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const LIST = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];
const MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Every keyword outside the vocabularies, as `path: keyword`, walking only where schemas are. */
function foreignKeywords(schema: unknown, at = '#'): string[] {
  if (typeof schema === 'boolean') return [];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [`${at}: not a schema`];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!KEYWORDS.has(key)) found.push(`${at}: ${key}`);
    else if (ONE.includes(key) || ONE_MORE.includes(key)) found.push(...foreignKeywords(value, `${at}/${key}`));
    else if (LIST.includes(key) || MAP.includes(key))
      for (const [name, item] of Object.entries(value as object))
        found.push(...foreignKeywords(item, `${at}/${key}/${name}`));
  }
  return found;
}

type Tool = { name: string; inputSchema: unknown; outputSchema?: unknown };

/** Each schema of each tool: its foreign keywords, and what Ajv's strict 2020-12 compiler refuses. */
function problems(tools: readonly Tool[]): string[] {
  const ajv = new Ajv2020.default({ strict: true });
  return tools.flatMap((tool) =>
    (['inputSchema', 'outputSchema'] as const).flatMap((key) => {
      const schema = tool[key];
      if (schema === undefined) return [];
      const where = `${tool.name}.${key}`;
      const foreign = foreignKeywords(schema).map((problem) => `${where}${problem.slice(1)}`);
      try {
        ajv.compile(schema as object);
        return foreign;
      } catch (error) {
        return [...foreign, `${where}: ${(error as Error).message}`];
      }
    }),
  );
}

type Lister = {
  listTools: () => Promise<{ tools: Tool[] }>;
  callTool: (request: { name: string; arguments: Record<string, unknown> }) => Promise<unknown>;
};

/**
 * Every tool a client can reach: the list, then each group the discovery tool names, opened: the
 * connection lists their tools from then on.
 */
async function reachableTools(client: Lister): Promise<Tool[]> {
  const { tools } = await client.listTools();
  const discovery = tools.find((tool) => tool.name === 'discover_tools');
  const groups = (discovery?.inputSchema as { properties?: { group?: { enum?: string[] } } } | undefined)?.properties
    ?.group?.enum;
  if (groups === undefined) return tools;
  for (const group of groups) await client.callTool({ name: 'discover_tools', arguments: { group } });
  return (await client.listTools()).tools;
}

describe('N5 · the checks themselves can fail', () => {
  it('N5 · the walk finds a keyword of no vocabulary, and only where a schema is', () => {
    const schema = {
      type: 'object',
      properties: { flag: { type: 'string', flag: '--flag', default: { flag: 1 } } },
      required: ['flag'],
      anyOf: [{ enum: [{ flag: 2 }] }, { 'x-note': true }],
    };
    expect(foreignKeywords(schema)).toEqual(['#/properties/flag: flag', '#/anyOf/1: x-note']);
  });

  it('N5 · Ajv in strict mode refuses an unknown keyword', () => {
    const tool = { name: 't', inputSchema: { type: 'object', properties: { a: { type: 'string', flag: '--a' } } } };
    expect(problems([tool]).join('\n')).toContain('strict mode: unknown keyword: "flag"');
  });
});

describe('N5 · M2 · tools/list holds only JSON Schema 2020-12 and MCP keywords, and compiles under Ajv strict', () => {
  for (const name of ['deploy', 'ship', 'migrate'] as const) {
    it(`N5 · examples/${name}: every inputSchema and outputSchema`, async () => {
      const server = await connectStdio(example(name));
      try {
        const tools = await reachableTools(server.client as unknown as Lister);
        expect(tools.length).toBeGreaterThan(0);
        expect(problems(tools)).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }

  it('N5 · a command that declares output: its outputSchema (the envelope around the data) too', async () => {
    const program = defineProgram({
      name: 'tool',
      commands: [
        defineCommand({
          name: 'count',
          description: 'Count things',
          effects: 'read_only',
          options: { of: { type: 'string', multiple: true, choices: ['a', 'b'], description: 'what' } },
          output: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { total: { type: 'integer', minimum: 0 } },
            required: ['total'],
          },
          run: () => ({ total: 0 }),
        }),
      ],
    });
    const client = await connectMcp(program);
    try {
      const tools = await reachableTools(client as unknown as Lister);
      expect(tools.map((tool) => tool.outputSchema === undefined)).toEqual([false]);
      expect(problems(tools)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("N5 · a commander program's count and its flag whose value may be left off (a string or a boolean)", async () => {
    const program = new Command('todo');
    program
      .command('add')
      .effects('non_idempotent')
      .option('-v, --verbose', 'more', (_: string, n: number) => n + 1, 0)
      .option('-c, --colour [name]', 'a colour')
      .action(() => null);
    const client = await connectMcp(await asProgram(program));
    try {
      const tools = await reachableTools(client as unknown as Lister);
      expect(tools.map((tool) => Object.keys((tool.inputSchema as { properties: object }).properties))).toEqual([
        ['verbose', 'colour'],
      ]);
      expect(problems(tools)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  describe('a generated program of 1,000 commands (bench/scale-program.mjs)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'burgee-strict-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('N5 · every tool, listed or found through discover_tools', async () => {
      const burgee = pathToFileURL(`${repoRoot}packages/burgee/dist/index.js`).href;
      const file = writeProgram(folder, 1000, { burgee });
      const server = await connectStdio(file);
      try {
        const tools = await reachableTools(server.client as unknown as Lister);
        expect(tools.filter((tool) => tool.name !== 'discover_tools')).toHaveLength(1000);
        expect(problems(tools)).toEqual([]);
      } finally {
        await server.close();
      }
    }, 60_000);
  });
});
