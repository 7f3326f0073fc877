import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { argument, command, group, manifest, option } from '../../manifest/fixtures.js';
import { fitManifestSchema, toSchemaDocument } from './schema-document.js';
import type { FullSchemaDocument } from './types.js';

// ajv is CommonJS: under NodeNext TypeScript types the default import as the module, whose `default`
// is the class; ajv also sets `module.exports.default`, so the same expression works at run time.
const Ajv = Ajv2020.default;
const programSchema: unknown = JSON.parse(
  readFileSync(new URL('../../../program-schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv({ strict: true, allErrors: true }).compile(programSchema as object);

// One of everything the document can carry, so the validator sees every branch of the schema.
const rich = manifest(
  group(
    [],
    [
      command(['deploy'], {
        description: 'Deploy a build',
        effects: 'non_idempotent',
        examples: [{ command: 'tool deploy --target prod', description: 'to prod' }, { command: 'tool deploy' }],
        output: { type: 'object', properties: { target: { type: 'string' } } },
        options: [
          option('target', 'string', { required: true, description: 'where to deploy', env: 'TOOL_TARGET' }),
          option('dryRun', 'boolean', { short: 'n' }),
          option('verify', 'boolean', { default: true }),
          option('port', 'number', { integer: true, minimum: 1, maximum: 65535, default: 80 }),
          option('tag', 'string', { multiple: true, separator: ';', choices: ['a', 'b'], default: ['a'] }),
          option('token', 'string', { secret: true, default: 'x', placeholder: 'TOKEN' }),
          option('old', 'string', { deprecated: 'use --target' }),
          option('colour', 'string', { valueOptional: true }),
          option('trace', 'string', { hidden: true }),
        ],
        arguments: [
          argument('build', { description: 'the build' }),
          argument('level', { type: 'number', required: false, choices: [1, 2], default: 1 }),
          argument('extra', { required: false, variadic: true, default: ['x'] }),
        ],
      }),
      command(['status'], { summary: 'Show status', deprecated: 'use info', effects: 'idempotent' }),
      command(['purge'], { effects: 'withheld' }),
      command(['legacy'], { effects: 'undeclared' }),
    ],
  ),
  { version: '1.0.0', description: 'A rich tool', config: true, envPrefix: 'TOOL' },
);
const full = toSchemaDocument(rich) as FullSchemaDocument;
const errorsOf = (value: unknown): string => JSON.stringify(validate.errors ?? [], null, 1) + JSON.stringify(value);

const broken: Record<string, (doc: FullSchemaDocument) => unknown> = {
  'missing schemaVersion': ({ schemaVersion: _gone, ...doc }) => doc,
  'schemaVersion 2': (doc) => ({ ...doc, schemaVersion: 2 }),
  'an unknown effects value': (doc) => ({ ...doc, commands: [{ ...doc.commands[0], effects: 'destructive' }] }),
  // N5: a type, description, default or choices belong to the option's inputSchema property alone.
  'an option stating its type': (doc) => withOption(doc, { type: 'string' }),
  'an option stating its default': (doc) => withOption(doc, { default: 'x' }),
  'an option stating whether it is required': (doc) => withOption(doc, { required: true }),
  'an option with an unknown key': (doc) => withOption(doc, { colour: 'red' }),
  'an option without a flag': (doc) => withOption(doc, { flag: undefined }),
  'an option required unless a variable, naming none': (doc) =>
    withOption(doc, { requiredUnlessEnv: true, env: undefined }),
  'a command without inputSchema': (doc) => ({ ...doc, commands: [{ ...doc.commands[0], inputSchema: undefined }] }),
  'an inputSchema allowing additional properties': (doc) => ({
    ...doc,
    commands: [{ ...doc.commands[0], inputSchema: { ...doc.commands[0]?.inputSchema, additionalProperties: true } }],
  }),
  'an array input without items': (doc) => withInput(doc, { type: 'array' }),
  // N5: the input schema is an MCP tool's too, so it holds JSON Schema keywords alone.
  'an input carrying its flag': (doc) => withInput(doc, { type: 'string', flag: '--bad' }),
  'an input with neither type nor anyOf': (doc) => withInput(doc, { description: 'what' }),
  'an input with both type and anyOf': (doc) =>
    withInput(doc, { type: 'string', anyOf: [{ type: 'string' }, { type: 'boolean' }] }),
  'an argument without a name': (doc) => withArgument(doc, { name: undefined }),
  'an argument stating its type': (doc) => withArgument(doc, { type: 'string' }),
  'an argument stating its choices': (doc) => withArgument(doc, { choices: ['a'] }),
  'a wrong exit code': (doc) => ({ ...doc, exitCodes: { ...doc.exitCodes, USAGE: 64 } }),
  'a summary without its hint': ({ commands, ...doc }) => ({ ...doc, summarised: true, budget: 1, commands: [] }),
  'a full document marked summarised false': (doc) => ({ ...doc, summarised: false }),
};

function withOption(doc: FullSchemaDocument, patch: Record<string, unknown>): unknown {
  const first = doc.commands[0];
  const options = [{ ...first?.options[0], ...patch }, ...(first?.options.slice(1) ?? [])];
  return JSON.parse(JSON.stringify({ ...doc, commands: [{ ...first, options }] }));
}

function withArgument(doc: FullSchemaDocument, patch: Record<string, unknown>): unknown {
  const first = doc.commands[0];
  const args = [{ ...first?.arguments[0], ...patch }, ...(first?.arguments.slice(1) ?? [])];
  return JSON.parse(JSON.stringify({ ...doc, commands: [{ ...first, arguments: args }] }));
}

function withInput(doc: FullSchemaDocument, property: Record<string, unknown>): unknown {
  const first = doc.commands[0];
  const inputSchema = { ...first?.inputSchema, properties: { ...first?.inputSchema.properties, bad: property } };
  return { ...doc, commands: [{ ...first, inputSchema }] };
}

describe('program-schema.json', () => {
  it('S5 · is JSON Schema 2020-12 with an $id and compiles under ajv strict mode', () => {
    expect(programSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://burgee.dev/program-schema.json',
    });
  });

  it('S5 · a rich full document validates', () => {
    expect(full.commands.map((c) => c.effects)).toEqual(['non_idempotent', 'idempotent', 'withheld', 'undeclared']);
    expect(validate(full), errorsOf(full)).toBe(true);
  });

  it('S5 · every shorter form of the same program validates: summary, names, groups, pages', () => {
    const details = new Set<unknown>();
    for (let budget = 450; budget < 2000; budget += 10) {
      for (let page = 1; ; page++) {
        const fitted = fitManifestSchema(rich, { budget, page });
        if (!fitted.ok) break;
        details.add(`${'detail' in fitted.document ? fitted.document.detail : 'full'}${page > 1 ? ' paged' : ''}`);
        expect(validate(fitted.document), errorsOf(fitted.document)).toBe(true);
      }
    }
    expect([...details].sort()).toEqual(['names', 'names paged', 'summary']);
  });

  it('S5 · a one-command program validates', () => {
    const solo = toSchemaDocument({ ...rich, root: command([], { name: 'solo', arguments: [] }) });
    expect(validate(solo), errorsOf(solo)).toBe(true);
  });

  it('S5 · the helpers that break documents leave them valid when they change nothing', () => {
    for (const value of [withOption(full, {}), withArgument(full, {}), withInput(full, { type: 'string' })]) {
      expect(validate(value), errorsOf(value)).toBe(true);
    }
  });

  it.each(Object.entries(broken))('S5 · a document with %s fails', (_title, breakIt) => {
    const value = breakIt(full);
    expect(validate(value)).toBe(false);
  });
});
