import { describe, expect, it } from 'vitest';
import { defineCommand, defineProgram } from '../../declaration/define.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { parseArgv } from '../../pipeline/parse-argv.js';
import { insertWords, optionEnd, plainWords, replaceWord, writeLine } from './command-line.js';

const program = defineProgram({
  name: 'tool',
  commands: [
    defineCommand({
      name: 'login',
      effects: 'idempotent',
      options: { token: { type: 'string', secret: true, short: 't' }, user: { type: 'string' } },
      run: () => ({ changed: false }),
    }),
  ],
});
const manifest = buildManifest(program);

describe('fix lines', () => {
  it('D3 · a secret value is written <secret> however it was typed; other values stay as typed', () => {
    for (const token of [['--token', 's3cret'], ['--token=s3cret'], ['-t', 's3cret'], ['-ts3cret']]) {
      const { words } = parseArgv(manifest, ['login', ...token, '--user', 'ann']);
      const line = writeLine(manifest, words);
      expect(line).not.toContain('s3cret');
      expect(line).toMatch(/^tool login (--token <secret>|--token=<secret>|-t <secret>|'-t<secret>') --user ann$/);
    }
  });

  it('D3 · in words the parser never read, a grouped secret letter, a misspelt secret flag and their values are <secret>', () => {
    const line = (...argv: string[]) => writeLine(manifest, plainWords(argv));
    expect(line('login', '-vt', 's3cret')).toBe('tool login -vt <secret>');
    expect(line('login', '-vts3cret')).toBe("tool login '-vt<secret>'");
    expect(line('login', '--tokn', 's3cret')).toBe('tool login --tokn <secret>');
    expect(line('login', '--tokn=s3cret')).toBe('tool login --tokn=<secret>');
    // A flag some command declares is never taken for a misspelling, and a letter of no secret stays.
    expect(line('login', '--user', 'ann', '-vx', 'keep')).toBe('tool login --user ann -vx keep');
  });

  it('P4 · words after -- are passthrough: a fix inserts before them and never reads them as values', () => {
    const words = plainWords(['login', '--', '--token', 'x']);
    expect(optionEnd(words)).toBe(1);
    expect(writeLine(manifest, insertWords(words, optionEnd(words), { text: '--user' }, { text: '<value>' }))).toBe(
      'tool login --user <value> -- --token x',
    );
    expect(writeLine(manifest, replaceWord(words, 0, { text: 'logout' }))).toBe('tool logout -- --token x');
  });

  it('E8 · a word with spaces or quotes stays one shell word', () => {
    expect(writeLine(manifest, plainWords(['login', '--user', "ann o'neil"]))).toBe(
      `tool login --user 'ann o'\\''neil'`,
    );
  });
});
