import { describe, expect, it } from 'vitest';
import { renderData } from './render-data.js';

describe('renderData', () => {
  it('H1 · a string prints as is', () => {
    expect(renderData('deployed\n  to prod')).toBe('deployed\n  to prod');
  });

  it('H1 · null and undefined print nothing', () => {
    expect(renderData(null)).toBe('');
    expect(renderData(undefined)).toBe('');
  });

  it('H1 · numbers, booleans and bigints print as text', () => {
    expect(renderData(42)).toBe('42');
    expect(renderData(false)).toBe('false');
    expect(renderData(10n)).toBe('10');
  });

  it('H1 · a plain object prints as key: value lines with the values aligned', () => {
    expect(renderData({ target: 'prod', agent: null, replicas: 3, ok: true })).toBe(
      ['target:   prod', 'agent:', 'replicas: 3', 'ok:       true'].join('\n'),
    );
  });

  it('H1 · nested values inside an object print as compact JSON; undefined fields are dropped', () => {
    expect(renderData({ name: 'x', meta: { n: 1 }, rows: [{ n: 1 }], gone: undefined })).toBe(
      ['name: x', 'meta: {"n":1}', 'rows: [{"n":1}]'].join('\n'),
    );
  });

  it('H1 · an object\'s list of scalars is joined with ", " as a table cell is; an empty one prints nothing', () => {
    const item = { name: 'api', ports: [80, 443], tags: ['a', 'b'], none: [] };
    expect(renderData(item)).toBe(['name:  api', 'ports: 80, 443', 'tags:  a, b', 'none:'].join('\n'));
    const cell = renderData([item], { fields: ['ports'] }).split('\n')[1];
    expect(renderData(item).split('\n')[1]).toBe(`ports: ${cell}`);
  });

  it('H1 · an array of scalars prints one per line', () => {
    expect(renderData(['a', 2, true])).toBe('a\n2\ntrue');
  });

  it('H1 · array of flat objects renders as a table', () => {
    const rows = [
      { name: 'web', status: 'up', replicas: 3 },
      { name: 'database', status: 'down' },
      { name: 'cache', region: 'eu', status: null },
    ];
    expect(renderData(rows)).toBe(
      [
        'name      status  replicas  region',
        'web       up      3',
        'database  down',
        'cache                       eu',
      ].join('\n'),
    );
  });

  it('H1 · in a table, a cell holding a list of scalars is joined with ", "', () => {
    const rows = [
      { name: 'web', ports: [80, 443] },
      { name: 'db', ports: [] },
      { name: 'cache', ports: [6379, null] },
    ];
    expect(renderData(rows)).toBe(['name   ports', 'web    80, 443', 'db', 'cache  6379,'].join('\n'));
  });

  it('H1 · fields choose the columns a person sees, in order; the others are not shown', () => {
    const rows = [
      { name: 'web', replicas: 3, healthy: true, meta: { zone: 'a' } },
      { name: 'db', healthy: false, meta: { zone: 'b' } },
    ];
    expect(renderData(rows, { fields: ['healthy', 'name', 'replicas'] })).toBe(
      ['healthy  name  replicas', 'true     web   3', 'false    db'].join('\n'),
    );
    // Without fields the nested `meta` makes the list too deep for a table.
    expect(renderData(rows)).toBe(JSON.stringify(rows));
    // A field that holds something deeper than a list of scalars cannot be a cell either.
    expect(renderData(rows, { fields: ['name', 'meta'] })).toBe(JSON.stringify(rows));
  });

  it('H1 · deeper values print as compact JSON', () => {
    const deep = [{ name: 'web', ports: [[80], [443]] }];
    expect(renderData(deep)).toBe('[{"name":"web","ports":[[80],[443]]}]');
    expect(renderData([1, { a: 1 }])).toBe('[1,{"a":1}]');
    expect(renderData(new Map())).toBe('{}');
  });

  it('H1 · an empty list prints (none); an empty object prints nothing; nothing ends in a newline', () => {
    expect(renderData([])).toBe('(none)');
    expect(renderData([], { fields: ['name'] })).toBe('(none)');
    expect(renderData({})).toBe('');
    for (const data of ['x', { a: 1 }, ['a'], [{ a: 1 }]]) expect(renderData(data).endsWith('\n')).toBe(false);
  });
});
