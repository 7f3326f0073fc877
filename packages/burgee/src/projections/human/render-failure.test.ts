import { describe, expect, it } from 'vitest';
import { markColors } from '../help/fixtures.js';
import { plainColors } from './colors.js';
import { renderActionRequired, renderFailure } from './render-failure.js';

describe('renderFailure', () => {
  it('E8 · error, hint and fix lines in that order', () => {
    const text = renderFailure(
      { message: 'unknown option --targt', hint: 'did you mean --target?', fix: 'tool deploy --target prod' },
      plainColors,
    );
    expect(text).toBe(
      ['error: unknown option --targt', 'hint: did you mean --target?', 'fix: tool deploy --target prod'].join('\n'),
    );
  });

  it('E8 · a bare runtime failure is one line', () => {
    expect(renderFailure({ message: 'disk full', hint: undefined }, plainColors)).toBe('error: disk full');
  });

  it('E8 · a usage error ends with the usage block after a blank line', () => {
    const usage = {
      command: 'tool deploy [options]',
      options: [
        { name: '--target <value>', description: 'where to deploy (required)' },
        { name: '--yes', description: 'skip the confirmation' },
      ],
      commands: [{ name: 'status', description: '' }],
    };
    expect(renderFailure({ message: 'missing --target', usage }, plainColors)).toBe(
      [
        'error: missing --target',
        '',
        'usage: tool deploy [options]',
        '  --target <value>  where to deploy (required)',
        '  --yes             skip the confirmation',
        '  status',
      ].join('\n'),
    );
  });

  it('E8 · short letters are shown as help shows them, long-only flags lined up under the long ones', () => {
    const usage = {
      command: 'tool deploy [options]',
      options: [
        { name: '-t, --target <value>', description: 'where to deploy (required)' },
        { name: '--yes', description: 'skip the confirmation' },
      ],
      commands: [{ name: 'status', description: 'Show what is deployed' }],
    };
    expect(renderFailure({ message: 'missing --target', usage }, plainColors)).toBe(
      [
        'error: missing --target',
        '',
        'usage: tool deploy [options]',
        '  -t, --target <value>  where to deploy (required)',
        '      --yes             skip the confirmation',
        '  status                Show what is deployed',
      ].join('\n'),
    );
  });

  it('E5 · the usage block shows at most 8 rows', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ name: `--o${i}`, description: `d${i}` }));
    const text = renderFailure(
      { message: 'm', usage: { command: 'tool x', options: rows, commands: rows } },
      plainColors,
    );
    expect(text.split('\n').slice(3)).toHaveLength(8);
  });

  it('H3 · error: is red and bold, hint: yellow, fix: green; the message is not painted', () => {
    const text = renderFailure({ message: 'bad', hint: 'h', fix: 'tool x' }, markColors);
    expect(text).toBe('r(*error:*) bad\ny(hint:) h\ng(fix:) tool x');
  });
});

describe('renderActionRequired', () => {
  it('A4 · action required renders the three human lines', () => {
    const text = renderActionRequired(
      {
        reason: 'confirm',
        message: 'deploying to prod needs confirmation',
        next: [{ command: 'tool deploy --target prod --yes', when: 'once you have reviewed the plan' }],
      },
      plainColors,
    );
    expect(text).toBe(
      [
        'action required (confirm): deploying to prod needs confirmation',
        'next:',
        '  tool deploy --target prod --yes    once you have reviewed the plan',
      ].join('\n'),
    );
  });

  it('A4 · commands pad to the longest plus four; no trailing spaces without `when`; hint last', () => {
    const text = renderActionRequired(
      {
        reason: 'choose',
        message: 'pick a region',
        next: [{ command: 'tool init --region eu', when: 'for Europe' }, { command: 'tool init --region us-east' }],
        hint: 'regions are listed by `tool regions`',
      },
      plainColors,
    );
    expect(text).toBe(
      [
        'action required (choose): pick a region',
        'next:',
        '  tool init --region eu         for Europe',
        '  tool init --region us-east',
        'hint: regions are listed by `tool regions`',
      ].join('\n'),
    );
  });

  it('A4 · no next steps means no next: block', () => {
    expect(renderActionRequired({ reason: 'auth', message: 'log in first', next: [] }, plainColors)).toBe(
      'action required (auth): log in first',
    );
  });
});
