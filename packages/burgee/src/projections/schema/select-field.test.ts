import { describe, expect, it } from 'vitest';
import { selectSchemaField } from './select-field.js';

const schema = {
  name: 'deploy',
  effects: 'non_idempotent',
  options: [{ name: 'target', flag: '--target' }, { name: 'yes' }],
  inputSchema: { type: 'object', required: ['target'], properties: { target: { type: 'string' } } },
};

describe('selectSchemaField', () => {
  it('S3 · --field effects selects one value', () => {
    expect(selectSchemaField(schema, 'effects')).toEqual({ ok: true, value: 'non_idempotent' });
  });

  it('S3 · dotted steps walk objects and arrays by index', () => {
    expect(selectSchemaField(schema, 'options.0.flag')).toEqual({ ok: true, value: '--target' });
    expect(selectSchemaField(schema, 'inputSchema.properties.target')).toEqual({ ok: true, value: { type: 'string' } });
    expect(selectSchemaField(schema, 'inputSchema.required.0')).toEqual({ ok: true, value: 'target' });
  });

  it('S3 · an unknown step names itself, the path walked so far and the keys available there', () => {
    expect(selectSchemaField(schema, 'efects')).toEqual({
      ok: false,
      at: '',
      step: 'efects',
      available: ['name', 'effects', 'options', 'inputSchema'],
    });
    expect(selectSchemaField(schema, 'inputSchema.properties.nope')).toEqual({
      ok: false,
      at: 'inputSchema.properties',
      step: 'nope',
      available: ['target'],
    });
  });

  it('S3 · arrays offer their indices and scalars offer nothing', () => {
    expect(selectSchemaField(schema, 'options.2')).toEqual({
      ok: false,
      at: 'options',
      step: '2',
      available: ['0', '1'],
    });
    expect(selectSchemaField(schema, 'options.01')).toEqual({
      ok: false,
      at: 'options',
      step: '01',
      available: ['0', '1'],
    });
    expect(selectSchemaField(schema, 'options.name')).toEqual({
      ok: false,
      at: 'options',
      step: 'name',
      available: ['0', '1'],
    });
    expect(selectSchemaField(schema, 'effects.length')).toEqual({
      ok: false,
      at: 'effects',
      step: 'length',
      available: [],
    });
  });

  it('S3 · inherited properties are not fields', () => {
    expect(selectSchemaField(schema, 'toString')).toMatchObject({ ok: false, at: '' });
    expect(selectSchemaField(schema, 'options.0.constructor')).toMatchObject({ ok: false, at: 'options.0' });
  });
});
