import { describe, expect, it } from 'vitest';
import { argument, command, group, manifest, option } from '../../manifest/fixtures.js';
import { toCommandSchema } from './command-schema.js';
import { findSchemaCommand, firstSentence, renderSchema, toSchemaDocument } from './schema-document.js';
import type { FullSchemaDocument, SummarySchemaDocument } from './types.js';

const deploy = command(['deploy'], {
  description: 'Deploy a build. It asks first.',
  effects: 'non_idempotent',
  options: [
    option('target', 'string', { required: true, description: 'where to deploy' }),
    option('yes', 'boolean', { description: 'skip the confirmation' }),
  ],
});
const tool = manifest(
  group(
    [],
    [
      deploy,
      group(
        ['config'],
        [command(['config', 'get'], { summary: 'Read a value' }), command(['config', 'secret'], { hidden: true })],
      ),
      command(['purge'], { effects: 'withheld', description: 'Delete everything' }),
      command(['internal'], { hidden: true }),
      group(['debug'], [command(['debug', 'dump'])], { hidden: true }),
    ],
  ),
  { version: '1.2.3', description: 'A tool' },
);

const rich = command(['serve'], {
  summary: 'Serve',
  deprecated: 'use run',
  output: { type: 'object' },
  arguments: [argument('files', { required: false, variadic: true, default: ['a'] })],
  examples: [{ command: 'tool serve --port 80', description: 'on 80' }, { command: 'tool serve' }],
  options: [
    option('port', 'number', { integer: true, minimum: 1, short: 'p', env: 'PORT', default: 8080 }),
    option('tag', 'string', { multiple: true, separator: ';', choices: ['a', 'b'], placeholder: 'TAG' }),
    option('header', 'string', { multiple: true }),
    option('token', 'string', { secret: true, default: 'hunter2', deprecated: 'use --key' }),
    option('trace', 'string', { hidden: true }),
    option('region', 'string', { required: true, env: 'REGION', description: 'where' }),
    option('verify', 'boolean', { default: true }),
    option('quiet', 'boolean', { default: true, negatable: false }),
  ],
});

describe('toCommandSchema', () => {
  it('S1 · a command lists its parts in order and keeps absent keys absent', () => {
    const schema = toCommandSchema(deploy);
    expect(Object.keys(schema)).toEqual([
      'name',
      'description',
      'effects',
      'arguments',
      'options',
      'examples',
      'inputSchema',
    ]);
    // N5: how each option is typed on a command line; what it accepts is its inputSchema property.
    expect(schema.options).toEqual([
      { name: 'target', flag: '--target' },
      { name: 'yes', flag: '--yes' },
    ]);
    expect(JSON.stringify(schema.inputSchema)).toContain('"required":["target"]');
  });

  it('S1 · N5 · options[] holds what a command line needs beyond inputSchema: no secret, hidden option or default separator', () => {
    const schema = toCommandSchema(rich);
    expect(Object.keys(schema)).toEqual([
      ...['name', 'summary', 'effects', 'deprecated', 'arguments', 'options', 'examples', 'inputSchema', 'output'],
    ]);
    expect(schema.arguments).toEqual([{ name: 'files' }]);
    expect(schema.examples).toEqual([
      { command: 'tool serve --port 80', description: 'on 80' },
      { command: 'tool serve' },
    ]);
    expect(schema.options.map((o) => JSON.stringify(o))).toEqual([
      '{"name":"port","flag":"--port","short":"p","env":"PORT"}',
      '{"name":"tag","flag":"--tag","separator":";","placeholder":"TAG"}',
      '{"name":"header","flag":"--header"}',
      '{"name":"token","flag":"--token","deprecated":"use --key","secret":true}',
      '{"name":"region","flag":"--region","env":"REGION","requiredUnlessEnv":true}',
      '{"name":"verify","flag":"--verify","negatable":true}',
      '{"name":"quiet","flag":"--quiet"}',
    ]);
    expect(JSON.stringify(schema)).not.toContain('hunter2');
  });

  it('N5 · no fact of an option or argument is stated twice, and none is lost: the inputSchema holds the rest', () => {
    const schema = toCommandSchema(rich);
    const inputs = schema.inputSchema.properties;
    // Restated: what a JSON Schema keyword says is never repeated in options[] or arguments[].
    const stated = ['type', 'description', 'required', 'default', 'choices', 'enum', 'minimum', 'maximum'];
    for (const entry of [...schema.options, ...schema.arguments]) {
      expect(Object.keys(entry).filter((key) => [...stated, 'multiple', 'variadic', 'integer'].includes(key))).toEqual(
        [],
      );
      expect(inputs).toHaveProperty(entry.name);
    }
    expect(inputs.files).toEqual({ type: 'array', items: { type: 'string' }, default: ['a'] });
    expect(inputs.port).toEqual({ type: 'integer', default: 8080, minimum: 1 });
    expect(inputs.tag).toEqual({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } });
    expect(inputs.token).toEqual({ type: 'string', deprecated: true });
    expect(inputs.region).toEqual({ type: 'string', description: 'where' });
    expect(schema.inputSchema.required).toEqual(['region']);
    expect(inputs.verify).toEqual({ type: 'boolean', default: true });
  });

  it('S1 · the root of a one-command program is named after the command', () => {
    expect(toCommandSchema(command([], { name: 'solo' })).name).toBe('solo');
  });
});

describe('toSchemaDocument', () => {
  it('S1 · the document lists runnable commands depth first, withheld included, hidden absent', () => {
    const doc = toSchemaDocument(tool) as FullSchemaDocument;
    expect(Object.keys(doc)).toEqual(['schemaVersion', 'name', 'version', 'description', 'exitCodes', 'commands']);
    expect(doc.exitCodes).toEqual({ OK: 0, RUNTIME: 1, USAGE: 2, CONFIG: 3, CANCELLED: 4, AUTH: 5, SIGINT: 130 });
    expect(doc.commands.map((c) => [c.name, c.effects])).toEqual([
      ['deploy', 'non_idempotent'],
      ['config get', 'read_only'],
      ['purge', 'withheld'],
    ]);
    expect(renderSchema(doc)).not.toMatch(/internal|debug|secret/);
  });

  it('S1 · a one-command program lists its root under its own name', () => {
    const doc = toSchemaDocument(manifest(command([], { name: 'solo' }))) as FullSchemaDocument;
    expect(doc.commands.map((c) => c.name)).toEqual(['solo']);
    expect(doc).not.toHaveProperty('version');
  });

  it('S4 · over the manifest budget the summary replaces the document and names the hint', () => {
    const doc = toSchemaDocument({ ...tool, schemaBudget: 600 }) as SummarySchemaDocument;
    expect(doc).toEqual({
      schemaVersion: 1,
      name: 'tool',
      version: '1.2.3',
      description: 'A tool',
      summarised: true,
      detail: 'summary',
      budget: 600,
      exitCodes: { OK: 0, RUNTIME: 1, USAGE: 2, CONFIG: 3, CANCELLED: 4, AUTH: 5, SIGINT: 130 },
      commands: [
        { name: 'deploy', summary: 'Deploy a build.', effects: 'non_idempotent' },
        { name: 'config get', summary: 'Read a value', effects: 'read_only' },
        { name: 'purge', summary: 'Delete everything', effects: 'withheld' },
      ],
      hint: 'tool <command> --schema prints one command in full',
    });
  });

  it('S4 · the budget option overrides the manifest, and the boundary is inclusive', () => {
    const length = renderSchema(toSchemaDocument(tool)).length;
    expect(toSchemaDocument(tool, { budget: length })).not.toHaveProperty('summarised');
    expect(toSchemaDocument(tool, { budget: length - 1 })).toMatchObject({ summarised: true, budget: length - 1 });
    expect(() => toSchemaDocument(tool, { budget: 100 })).toThrow(/cannot hold one entry/);
  });

  it('S4 · a summary falls back to the first sentence of the description, else ""', () => {
    expect(firstSentence('Deploy a build. It asks first.')).toBe('Deploy a build.');
    expect(firstSentence('Use v1.2 now! Then more')).toBe('Use v1.2 now!');
    expect(firstSentence('One line\nsecond line')).toBe('One line');
    expect(firstSentence('')).toBe('');
  });

  it('S3 · drilling gives the full command even when the document is summarised', () => {
    const small = { ...tool, schemaBudget: 10 };
    expect(findSchemaCommand(small, ['deploy'])).toEqual(toCommandSchema(deploy));
    expect(findSchemaCommand(small, ['config', 'get'])?.name).toBe('config get');
    expect(findSchemaCommand(small, ['purge'])?.effects).toBe('withheld');
  });

  it('S3 · drilling finds nothing for groups, hidden commands, children of hidden groups and unknown paths', () => {
    for (const path of [['config'], ['internal'], ['config', 'secret'], ['debug', 'dump'], ['nope'], []]) {
      expect(findSchemaCommand(tool, path)).toBeUndefined();
    }
  });

  it('S1 · renderSchema is one compact line with no trailing newline', () => {
    const text = renderSchema(toSchemaDocument(tool));
    expect(text).not.toContain('\n');
    expect(JSON.parse(text)).toEqual(toSchemaDocument(tool));
  });
});
