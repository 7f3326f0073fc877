import { describe, expect, it } from 'vitest';
import { argument, command, option } from '../../manifest/fixtures.js';
import { declaredDescription, toInputSchema } from './input-schema.js';

describe('toInputSchema', () => {
  it('S2 · deploy inputSchema is exact', () => {
    const deploy = command(['deploy'], {
      description: 'Deploy a build',
      effects: 'non_idempotent',
      options: [
        option('target', 'string', { required: true, description: 'where to deploy' }),
        option('yes', 'boolean', { description: 'skip the confirmation' }),
      ],
    });
    expect(JSON.stringify(toInputSchema(deploy))).toBe(
      '{"type":"object","properties":{"target":{"type":"string","description":"where to deploy"},"yes":{"type":"boolean","description":"skip the confirmation"}},"required":["target"],"additionalProperties":false}',
    );
  });

  it('S2 · integer, enum, bounds and default map in the published key order', () => {
    const schema = toInputSchema(
      command(['x'], {
        options: [
          option('port', 'number', { integer: true, default: 80, minimum: 1, maximum: 65535 }),
          option('level', 'string', { choices: ['low', 'high'], default: 'low', description: 'how loud' }),
          option('ratio', 'number', { maximum: 1 }),
        ],
      }),
    );
    expect(JSON.stringify(schema.properties)).toBe(
      '{"port":{"type":"integer","default":80,"minimum":1,"maximum":65535},' +
        '"level":{"type":"string","description":"how loud","enum":["low","high"],"default":"low"},' +
        '"ratio":{"type":"number","maximum":1}}',
    );
  });

  it('S2 · multiple options become arrays whose items carry type, enum and bounds', () => {
    const schema = toInputSchema(
      command(['x'], {
        options: [
          option('tag', 'string', { multiple: true, choices: ['a', 'b'], default: ['a'], description: 'tags' }),
          option('size', 'number', { integer: true, multiple: true, minimum: 0, default: 3 }),
        ],
      }),
    );
    expect(JSON.stringify(schema.properties)).toBe(
      '{"tag":{"type":"array","items":{"type":"string","enum":["a","b"]},"description":"tags","default":["a"]},' +
        '"size":{"type":"array","items":{"type":"integer","minimum":0},"default":[3]}}',
    );
  });

  it('S2 · arguments come first, variadic ones as string arrays, with description and default', () => {
    const schema = toInputSchema(
      command(['x'], {
        options: [option('force', 'boolean')],
        arguments: [
          argument('source', { description: 'what to copy' }),
          argument('rest', { variadic: true, required: false, default: ['a', 'b'] }),
        ],
      }),
    );
    expect(Object.keys(schema.properties)).toEqual(['source', 'rest', 'force']);
    expect(schema.properties.source).toEqual({ type: 'string', description: 'what to copy' });
    expect(schema.properties.rest).toEqual({ type: 'array', items: { type: 'string' }, default: ['a', 'b'] });
    expect(schema.required).toEqual(['source']);
  });

  it('S2 · secret defaults are never published; hidden options are absent; deprecated is marked last', () => {
    const schema = toInputSchema(
      command(['x'], {
        options: [
          option('token', 'string', { secret: true, default: 's3cr3t', env: 'TOKEN' }),
          option('internal', 'string', { hidden: true, required: true }),
          option('old', 'string', { deprecated: 'use --new', description: 'legacy' }),
        ],
      }),
    );
    expect(JSON.stringify(schema)).not.toContain('s3cr3t');
    // A secret with a variable says where it is set, so an agent never writes it into a call.
    expect(schema.properties.token).toEqual({
      type: 'string',
      description: "A secret, read from $TOKEN in the server's environment: never pass it here",
    });
    expect(schema.properties).not.toHaveProperty('internal');
    expect(JSON.stringify(schema.properties.old)).toBe('{"type":"string","description":"legacy","deprecated":true}');
    expect(schema.required).toEqual([]);
  });

  it('P2 · a required option the environment gives is not required, and says where it comes from (probe: required-secret-env)', () => {
    const schema = toInputSchema(
      command(['status'], {
        options: [
          option('databaseUrl', 'string', { required: true, secret: true, env: 'DATABASE_URL', description: 'db' }),
          // MIG_REGION is set where the schema is projected (manifest/environment.ts); MIG_ZONE is not.
          option('region', 'string', { required: true, env: 'MIG_REGION', envSet: true }),
          option('zone', 'string', { required: true, env: 'MIG_ZONE' }),
          option('steps', 'number', { required: true }),
        ],
      }),
    );
    // The secret is never asked of a caller; an unset variable gives nothing, so zone is still needed.
    expect(schema.required).toEqual(['zone', 'steps']);
    expect(schema.properties.zone?.description).toBeUndefined();
    expect(schema.properties.databaseUrl?.description).toBe(
      "db; a secret, read from $DATABASE_URL in the server's environment: never pass it here",
    );
    expect(schema.properties.region?.description).toBe(
      "Read from $MIG_REGION in the server's environment when not given",
    );
    expect(schema.properties.steps?.description).toBeUndefined();
  });

  it('N5 · S2 · every property holds JSON Schema keywords alone: no flag, whatever the option declares', () => {
    const schema = toInputSchema(
      command(['x'], {
        arguments: [argument('files', { variadic: true, required: false })],
        options: [
          option('dryRun', 'boolean', { short: 'n', env: 'X_DRY_RUN', negatable: true }),
          option('tag', 'string', { multiple: true, separator: ';', choices: ['a'], placeholder: 'TAG' }),
          option('colour', 'string', { valueOptional: true, choices: ['red'] }),
          option('token', 'string', { secret: true, env: 'TOKEN', required: true }),
          option('old', 'number', { deprecated: 'use --new', minimum: 0, default: 1 }),
        ],
      }),
    );
    const keywords = new Set(Object.values(schema.properties).flatMap((property) => Object.keys(property)));
    expect([...keywords].sort()).toEqual([
      'anyOf',
      'default',
      'deprecated',
      'description',
      'enum',
      'items',
      'minimum',
      'type',
    ]);
    expect(schema.properties.colour).toEqual({
      anyOf: [{ type: 'string' }, { type: 'boolean' }],
      enum: ['red'],
    });
    expect(JSON.stringify(schema)).not.toContain('--');
  });

  it('X4 · declaredDescription gives back the declared text from every description the notes extend', () => {
    const options = [
      option('a', 'string', { description: 'where; and when', secret: true, env: 'A' }),
      option('b', 'string', { required: true, env: 'B', envSet: true, prompt: { message: 'B?', kind: 'text' } }),
      option('c', 'string', { description: 'asked', prompt: { message: 'C?', kind: 'text' } }),
      option('d', 'string', { description: "plain; read from $X in the server's environment when not given too" }),
      option('e', 'string'),
    ];
    const schema = toInputSchema(command(['x'], { options }));
    expect(schema.properties.b?.description).toBe(
      "Read from $B in the server's environment when not given; a person at a terminal is asked for it",
    );
    expect(options.map((o) => declaredDescription(schema.properties[o.key]?.description))).toEqual(
      options.map((o) => o.description),
    );
  });

  it('S2 · required lists required arguments, then required options without a default, in order', () => {
    const schema = toInputSchema(
      command(['x'], {
        arguments: [argument('first'), argument('second', { required: false })],
        options: [
          option('b', 'string', { required: true }),
          option('a', 'string', { required: true, default: 'x' }),
          option('c', 'number', { required: true }),
        ],
      }),
    );
    expect(schema.required).toEqual(['first', 'b', 'c']);
    expect(Object.keys(schema)).toEqual(['type', 'properties', 'required', 'additionalProperties']);
  });
});
